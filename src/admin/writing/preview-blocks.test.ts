import { describe, expect, it } from 'vitest';
import { renderChapter } from '#lib/markdown.ts';
import { previewBlocks } from './preview-blocks.ts';

const BREAK = '/images/page-break.png';
/** The blocks rendered one by one must read as the whole text rendered at once. */
const rendersAlike = (markdown: string) =>
  expect(
    previewBlocks(markdown)
      .map((block) => renderChapter(block, BREAK))
      .join('')
      .replace(/\n/g, ''),
  ).toBe(renderChapter(markdown, BREAK).replace(/\n/g, ''));

describe('preview blocks', () => {
  it('cuts paragraphs, headings and page breaks at their blank lines, keeping every character', () => {
    const text = '# One\n\nFirst *para*.\n\n---\n\nSecond\nline two.\n\n\nThird.';
    const blocks = previewBlocks(text);
    expect(blocks.map((block) => block.trim())).toEqual(['# One', 'First *para*.', '---', 'Second\nline two.', 'Third.']);
    expect(blocks.join('\n')).toBe(text);
    rendersAlike(text);
  });

  it('keeps a block of the author’s HTML with paragraphs inside whole, and footnotes with the whole text', () => {
    const text = 'Before.\n\n<details>\n<summary>Spoiler</summary>\n\n<div>\n\nThe *twist*.\n\n</div>\n\n</details>\n\nAfter.';
    expect(previewBlocks(text).map((block) => block.trim())).toEqual([
      'Before.',
      '<details>\n<summary>Spoiler</summary>\n\n<div>\n\nThe *twist*.\n\n</div>\n\n</details>',
      'After.',
    ]);
    rendersAlike(text);
    const notes = 'A note[^1].\n\nMore.\n\n[^1]: The note.';
    expect(previewBlocks(notes)).toEqual([notes]);
    rendersAlike(notes);
  });

  it('keeps a fenced code block with blank lines whole', () => {
    const text = 'Before.\n\n```\ncode\n\nmore code\n```\n\nAfter.';
    expect(previewBlocks(text).map((block) => block.trim())).toEqual(['Before.', '```\ncode\n\nmore code\n```', 'After.']);
    rendersAlike(text);
  });

  it('keeps a loose list and its indented continuations in one block', () => {
    const text = 'Intro.\n\n- one\n\n- two\n\n  still two\n\nAfter.';
    expect(previewBlocks(text).map((block) => block.trim())).toEqual(['Intro.', '- one\n\n- two\n\n  still two', 'After.']);
    rendersAlike(text);
  });

  it('renders a text with reference-style links as one block', () => {
    const text = 'See [the map][m].\n\nMore.\n\n[m]: https://example.com/map';
    expect(previewBlocks(text)).toEqual([text]);
    rendersAlike(text);
  });
});
