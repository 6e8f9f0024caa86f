import { describe, expect, it } from 'vitest';
import { renderChapter, renderMarkdown } from './markdown.ts';

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
    ['ontoggle on details', '<details open ontoggle=alert(1)>', /ontoggle|<details/i],
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
