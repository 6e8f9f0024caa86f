import { describe, expect, it } from 'vitest';
import { childElements, ownText, parseXml } from './xml.ts';

describe('parseXml', () => {
  it('reads elements, attributes, decoded text and CDATA as written', () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<feed xml:lang="en"><title type="html">A &amp;lt; B &#233;&#x263A;</title><link href="/a?x=1&amp;y=2"/><s><![CDATA[<b>&amp;</b>]]></s></feed>',
    );
    const [title, link, cdata] = childElements(root);
    expect(root.attributes).toEqual({ 'xml:lang': 'en' });
    expect(ownText(title!)).toBe('A &lt; B é☺');
    expect(link).toEqual({ name: 'link', attributes: { href: '/a?x=1&y=2' }, children: [] });
    expect(ownText(cdata!)).toBe('<b>&amp;</b>');
  });

  it.each([
    ['an element closed by another', '<a><b></a>'],
    ['an element never closed', '<a><b/>'],
    ['an HTML entity', '<a>&nbsp;</a>'],
    ['a bare ampersand', '<a>Q&A</a>'],
    ['text outside the root', '<a/>text'],
    ['two roots', '<a/><b/>'],
  ])('throws on %s', (_, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});
