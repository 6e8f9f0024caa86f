import { type ChildNode, Element } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { type ElementSnapshot, findLiveMarkup, XSS_MARKDOWN, XSS_PAYLOADS } from '#scripts/test/xss-corpus.ts';
import { FOOTNOTE_LIMIT, noteFootnotes, renderChapter, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders emphasis, lists, links and images', () => {
    const html = renderMarkdown(
      'Some *emphasis* and **strong**.\n\n- one\n- two\n\n[site](https://x.example) ![alt text](/api/uploads/general/a.png "Title")',
    );
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://x.example" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<img src="/api/uploads/general/a.png" alt="alt text" title="Title" loading="lazy" decoding="async" />');
  });

  it.each([
    ['a script element', '<script>alert(1)</script>Text', /<script/i],
    ['an event handler', '<img src="/x.png" onerror="alert(1)">', /onerror/i],
    ['a javascript: link', '[click](javascript:alert(1))', /javascript:/i],
    ['a raw iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['a style attribute', '<p style="position:fixed">x</p>', /style=/i],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', /data:/i],
    ['an svg', '<svg onload="alert(1)"></svg>', /<svg|onload/i],
  ])('drops %s', (_name, markdown, forbidden) => {
    expect(renderMarkdown(markdown)).not.toMatch(forbidden);
  });

  it.each([
    ['a mixed-case javascript: link', '[x](JaVaScRiPt:alert(1))'],
    ['an entity-encoded javascript: link', '[x](&#106;avascript:alert(1))'],
    ['a javascript: link with a tab inside', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['a javascript: link with a leading space', '<a href=" javascript:alert(1)">x</a>'],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['a vbscript: link', '[x](vbscript:msgbox)'],
    ['a javascript: image', '![x](javascript:alert(1))'],
    ['a protocol-relative link', '<a href="//evil.example">x</a>'],
    ['a backslash link to another host', '<a href="/\\evil.example">x</a>'],
  ])('drops the address of %s, keeping the text', (_name, markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/href=|javascript|data:|vbscript|evil\.example/i);
  });

  it('keeps a backslash image path on this site (encoded), never another host', () => {
    expect(renderMarkdown('![x](/\\evil.example/x.png)')).toContain('src="/%5Cevil.example/x.png"');
    expect(renderMarkdown('<img src="//evil.example/x.png">')).not.toContain('evil.example');
  });

  it.each([
    ['an unquoted onerror', '<img src="x" onerror=alert(1)>', /onerror/i],
    ['ontoggle on details', '<details open ontoggle=alert(1)>', /ontoggle/i],
    ['a MathML xlink:href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /xlink|javascript|<math/i],
    ['a script inside svg', '<svg><script>alert(1)</script></svg>', /script|alert/i],
    [
      'a srcset and a style on an image',
      '<img src="https://x.example/a.png" style="x" srcset="javascript:alert(1)">',
      /srcset|style|javascript/i,
    ],
    ['a title that tries to close its attribute', '[x](https://x.example "a\\" onmouseover=\\"alert(1)")', /" onmouseover/],
    ['a form', '<form action="https://evil.example"><input name=x></form>', /<form|<input/i],
    ['an object', '<object data="x">', /<object/i],
    ['a base element', '<base href="https://evil.example/">', /<base/i],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta/i],
  ])('drops %s', (_name, markdown, forbidden) => {
    expect(renderMarkdown(markdown)).not.toMatch(forbidden);
  });

  it('keeps the text of HTML it drops as text, not markup', () => {
    expect(renderMarkdown('A <b onclick="x()">bold</b> move')).toBe('<p>A bold move</p>\n');
  });
});

describe('renderChapter', () => {
  it('replaces each horizontal rule with the page-break image', () => {
    const html = renderChapter('One.\n\n---\n\nTwo.\n\n***\n\nThree.', '/api/uploads/pagebreaks/b.png');
    expect(html.match(/class="page-break"/g)).toHaveLength(2);
    expect(html).toContain('<img src="/api/uploads/pagebreaks/b.png" alt=""');
    expect(html).not.toContain('<hr');
  });

  it('escapes the page-break address', () => {
    expect(renderChapter('---', '/x.png" onload="alert(1)')).toContain('src="/x.png&quot; onload=&quot;alert(1)"');
  });
});

describe('control characters', () => {
  it('never reach the HTML, typed or as character references', () => {
    const html = renderChapter('Bell\u0007 tab\u000b form\u000c del\u007f c1\u0085 &#7; &#x0B; &#x80; lone\uD800 end\tok', '/b.png');
    expect(html).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
    expect(html).toContain('Bell tab form del c1');
    expect(html).toContain('lone end\tok');
  });

  it('keep emoji with joiners, RTL and CJK text whole', () => {
    const text = 'Family 👨‍👩‍👧‍👦, flag 🏳️‍🌈, مرحبا بالعالم, 你好世界 and Latin.';
    expect(renderMarkdown(text)).toBe(`<p>${text}</p>\n`);
  });
});

describe('the HTML an author may write', () => {
  it('keeps details, div, aside, span, sup, sub, small, mark, abbr and ruby, with dir and lang', () => {
    const markdown = [
      '<details>\n<summary>Spoiler</summary>\n\nThe *twist*.\n\n</details>',
      '<div dir="rtl" lang="ar">مرحبا <span lang="en">hello</span></div>',
      '<aside>An aside</aside>',
      'H<sub>2</sub>O, x<sup>2</sup>, <small>small</small>, <mark>marked</mark>, <abbr title="HyperText Markup Language">HTML</abbr>',
      '<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>',
    ].join('\n\n');
    const html = renderChapter(markdown, '/b.png');
    expect(html).toContain('<details>\n<summary>Spoiler</summary><p>The <em>twist</em>.</p>\n</details>');
    expect(html).toContain('<div dir="rtl" lang="ar">مرحبا <span lang="en">hello</span></div>');
    expect(html).toContain('<aside>An aside</aside>');
    expect(html).toContain(
      '<p>H<sub>2</sub>O, x<sup>2</sup>, <small>small</small>, <mark>marked</mark>, <abbr title="HyperText Markup Language">HTML</abbr></p>',
    );
    expect(html).toContain('<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>');
  });

  it('reads Markdown inside a block only after a blank line, as CommonMark does', () => {
    expect(renderMarkdown('<div>\n*not emphasis*\n</div>')).toBe('<div>\n*not emphasis*\n</div>');
    expect(renderMarkdown('<div>\n\n*emphasis*\n\n</div>')).toBe('<div><p><em>emphasis</em></p>\n</div>');
  });

  it('drops other attributes, unknown directions, malformed languages and every id or class the author writes', () => {
    const html = renderMarkdown(
      '<span dir="sideways" lang="en_US!" id="fn-1" class="page-break" style="color:red" title="t" onclick="x()">text</span> <span lang="english">word</span> <details open ontoggle="x()"><summary>s</summary></details>',
    );
    expect(html).toBe('<p><span>text</span> <span>word</span> </p><details open><summary>s</summary></details><p></p>\n');
  });

  it('nests details 100 deep without losing one', () => {
    const markdown = `${'<details><summary>Open</summary>\n\n'.repeat(100)}Deep.${'\n\n</details>'.repeat(100)}`;
    const html = renderChapter(markdown, '/b.png');
    expect(html.match(/<details>/g)).toHaveLength(100);
    expect(html.match(/<\/details>/g)).toHaveLength(100);
    expect(html).toContain('<p>Deep.</p>');
  });
});

describe('footnotes', () => {
  const markdown = 'A claim[^1], a second[^odd "label" & <b>], the first again[^1].\n\n[^1]: The *source*.\n[^odd "label" & <b>]: Odd.';

  it('link each reference to its note and back, with ids unique on the page', () => {
    const html = renderChapter(markdown, '/b.png');
    expect(html).toContain('<sup><a href="#fn-1" aria-describedby="fn-label" id="fn-ref-1">1</a></sup>');
    expect(html).toContain('<sup><a href="#fn-1" aria-describedby="fn-label" id="fn-ref-1-2">1</a></sup>');
    expect(html).toContain('<section class="footnotes">\n<h2 class="visually-hidden" id="fn-label">Notes</h2>');
    expect(html).toContain('<li id="fn-1">\n<p>The <em>source</em>. <a href="#fn-ref-1" aria-label="Back to note 1">↩</a>');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map(([, id]) => id!);
    expect(new Set(ids).size).toBe(ids.length);
    // Every id is an XML name (the book's XHTML needs one) and every fragment link finds its id.
    for (const id of ids) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_.-]*$/);
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(ids).toContain(target);
    expect(html).not.toMatch(/<b>|\u0001/);
  });

  it('give the author’s notes their own ids, and blurbs none', () => {
    expect(renderMarkdown('Note[^1]\n\n[^1]: x', noteFootnotes('before'))).toContain('<li id="note-before-fn-1">');
    expect(renderMarkdown('Blurb[^1]\n\n[^1]: x')).not.toMatch(/footnotes|id=/);
  });

  it('keep their ids and classes from markup the author writes with the same ones', () => {
    const html = renderChapter(
      '<span id="fn-1">first</span> <li id="fn-label">x</li> Note[^1]\n\n<h2 class="visually-hidden">Hidden</h2>\n\n<section class="footnotes">Mine</section>\n\n[^1]: x',
      '/b.png',
    );
    expect(html).toContain('<h2>Hidden</h2>');
    expect(html).toContain('<section>Mine</section>');
    expect(html.match(/class="footnotes"/g)).toHaveLength(1);
    expect(html).toContain('<li id="fn-1">');
    expect(html).toContain('<span>first</span>');
    expect(html.match(/id="fn-1"/g)).toHaveLength(1);
  });

  it('may reference themselves', () => {
    const html = renderChapter('See[^self].\n\n[^self]: Itself[^self].', '/b.png');
    expect(html).toContain(
      '<li id="fn-self">\n<p>Itself<sup><a href="#fn-self" aria-describedby="fn-label" id="fn-ref-self-2">1</a></sup>.',
    );
  });

  it(`stay text past ${FOOTNOTE_LIMIT} notes, so the work stays linear`, () => {
    const many = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `w[^${i}]`).join(' ')}\n\n${Array.from({ length: n }, (_, i) => `[^${i}]: Note ${i}.`).join('\n')}`;
    expect(renderChapter(many(FOOTNOTE_LIMIT), '/b.png').match(/<li id=/g)).toHaveLength(FOOTNOTE_LIMIT);
    const html = renderChapter(many(10_000), '/b.png');
    expect(html).not.toContain('<section');
    expect(html).toContain('w[^9999]');
  });

  it('let no payload of the XSS corpus live, as a note, a label or around a reference', () => {
    const labels = XSS_PAYLOADS.map(({ text }, i) => `[^${i}${text.replace(/[\]\n]/g, '')}]`);
    const markdown = [
      XSS_PAYLOADS.map(({ text }, i) => `${text} ref${labels[i]}`).join('\n\n'),
      XSS_PAYLOADS.map(({ text }, i) => `${labels[i]}: ${text.replace(/\n/g, ' ')}`).join('\n'),
      `<details><summary>${XSS_MARKDOWN}</summary>\n\n${XSS_MARKDOWN}\n\n</details>`,
    ].join('\n\n');
    const html = renderChapter(markdown, '/b.png');
    expect(html).toContain('<section class="footnotes">');
    expect(findLiveMarkup(elementsOf(html), 'https://author.example')).toEqual([]);
  });
});

/** The elements of an HTML fragment as the XSS check reads them. */
function elementsOf(html: string): ElementSnapshot[] {
  const elements: ElementSnapshot[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!(node instanceof Element)) continue;
      elements.push({ tag: node.name, attributes: Object.entries(node.attribs), text: textContent(node) });
      walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return elements;
}
