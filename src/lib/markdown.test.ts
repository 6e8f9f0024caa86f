import { describe, expect, it } from 'vitest';
import { renderChapter, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders emphasis, lists, links and images', () => {
    const html = renderMarkdown('Some *emphasis* and **strong**.\n\n- one\n- two\n\n[site](https://x.example) ![alt text](/api/uploads/general/a.png "Title")');
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
