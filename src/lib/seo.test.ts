import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, jsonLdText, siteShareImage, storyShareImage } from './seo.ts';

const HOSTILE = 'Fire & Ice </script><script>alert(1)</script> <!-- ]]> \u2028\u2029 👩‍👩‍👧 "quoted" \\ end';

/** The text of every script element of an HTML document, as a browser's parser splits it. */
function scriptTexts(html: string): string[] {
  const texts: string[] = [];
  const visit = (node: { type: string; name?: string; children?: unknown[] }) => {
    if (node.type === 'script' && node.children?.[0]) texts.push((node.children[0] as { data: string }).data);
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(parseDocument(html) as never);
  return texts;
}

describe('jsonLdText', () => {
  it('keeps a hostile title whole inside one script element, as the same data', () => {
    const data = { '@type': 'Chapter', name: HOSTILE, keywords: [HOSTILE] };
    const html = `<script type="application/ld+json">${jsonLdText(data)}</script><p>after</p>`;
    const scripts = scriptTexts(html);
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!)).toEqual(data);
  });

  it('writes no character that markup or an XHTML reader could take as its own', () => {
    expect(jsonLdText({ name: HOSTILE })).not.toMatch(/[<>&\u2028\u2029]/);
  });
});

describe('breadcrumbJsonLd', () => {
  it('lists the breadcrumb in order, with absolute addresses, the current page unlinked', () => {
    const items = [{ label: 'Home', href: '/' }, { label: 'Stories', href: '/storytime/' }, { label: 'The Fleet' }];
    expect(breadcrumbJsonLd(items, 'https://mara.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://mara.example/' },
        { '@type': 'ListItem', position: 2, name: 'Stories', item: 'https://mara.example/storytime/' },
        { '@type': 'ListItem', position: 3, name: 'The Fleet' },
      ],
    });
  });
});

describe('share images', () => {
  it('are absolute 1200x630 images with a text alternative', () => {
    expect(storyShareImage('https://mara.example', { slug: 'the-fleet', title: 'The Fleet' })).toEqual({
      url: 'https://mara.example/share/story/the-fleet.jpg',
      alt: 'Cover of The Fleet',
      width: 1200,
      height: 630,
    });
    expect(siteShareImage('https://mara.example', 'Mara')).toMatchObject({
      url: 'https://mara.example/share/site.jpg',
      alt: 'Portrait of Mara',
    });
  });
});
