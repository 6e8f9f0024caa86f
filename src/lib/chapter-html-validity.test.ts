// A chapter's HTML passes the Nu HTML Checker whatever the author writes within the rules
// (docs/product.md, Feeds, books and what a chapter's Markdown may hold): every element the
// sanitiser knows, footnotes in the text and in both notes, mixed scripts, control characters.
import { describe, expect, it } from 'vitest';
import { checkHtml, formatMessages, javaAvailable } from '#scripts/test/nu-checker.ts';
import { chapterBodyHtml } from './chapter-body.ts';
import { SANITIZER_TAGS } from './markdown.ts';

const EVERY_ELEMENT = [
  '# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six',
  'A *soft* **strong** ~~gone~~ <s>struck</s> `code` [link](https://x.example) ![map](/api/uploads/general/map.png) line  \nbreak.',
  '> A quote.\n\n- one\n- two\n\n1. first\n2. second',
  '```\npre\n```\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |',
  '<figure>\n\n![art](/api/uploads/general/art.png)\n\n<figcaption>Art</figcaption>\n</figure>',
  '<details>\n<summary>Spoiler</summary>\n\nThe *twist*[^twist].\n\n</details>',
  '<div dir="rtl" lang="ar">مرحبا <span lang="zh">你好</span> and Latin 👨‍👩‍👧‍👦 🏳️‍🌈</div>',
  '<aside>An aside: <small>small</small>, <mark>marked</mark>, H<sub>2</sub>O, x<sup>2</sup>, <abbr title="A & B">AB</abbr>.</aside>',
  '<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby> Bell\u0007 tab\u000b &#7; ]]> & < done.',
  `${'<details><summary>Deeper</summary>\n\n'.repeat(100)}Deep.${'\n\n</details>'.repeat(100)}`,
  '[^twist]: The twist, explained[^self].',
  '[^self]: A note that refers to itself[^self].',
].join('\n\n');

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Chapter</title></head><body><main>${body}</main></body></html>`;

describe('chapter HTML', () => {
  const html = chapterBodyHtml(
    {
      content: EVERY_ELEMENT,
      note_before: 'Before[^1].\n\n[^1]: A note on the note.',
      note_after: 'After[^1].\n\n---\n\nA rule in a note stays a rule.\n\n[^1]: Another.',
      content_warnings: ['Storms & <floods>'],
    },
    '/images/page-break.png',
  );

  it('uses every element the sanitiser knows', () => {
    for (const tag of SANITIZER_TAGS) expect(html, tag).toMatch(new RegExp(`<${tag}[\\s>]`));
  });

  it.skipIf(!javaAvailable())(
    'passes the Nu HTML Checker',
    async () => {
      const messages = await checkHtml([{ name: 'chapter', html: page(html) }]);
      expect(messages, formatMessages(messages)).toEqual([]);
    },
    120_000,
  );
});
