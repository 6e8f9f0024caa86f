import { describe, expect, it } from 'vitest';
import { chapterDescription, markdownToPlainText, readingMinutes, truncate, wordCount } from './chapter-text.ts';

describe('chapterDescription', () => {
  it('takes the first paragraph longer than 50 characters, without markup', () => {
    const markdown =
      '# The Gate\n\nShort one.\n\nThe *warship* came out of the [Veil](https://x.example) the way a whale surfaces.\n\nLater.';
    expect(chapterDescription(markdown)).toBe('The warship came out of the Veil the way a whale surfaces.');
  });

  it('cuts at 160 characters on a word boundary with an ellipsis', () => {
    const long = 'word '.repeat(60).trim();
    const description = chapterDescription(long);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(description).not.toMatch(/\s…$/);
  });

  it('is empty when no paragraph is long enough', () => {
    expect(chapterDescription('Short.\n\nAlso short.')).toBe('');
  });

  it('skips images, rules and list markers', () => {
    expect(markdownToPlainText('![alt](/x.png)\n\n---\n\n- one\n- two')).not.toMatch(/alt|---|^-/m);
  });

  it('drops footnote marks and keeps the notes as words', () => {
    expect(markdownToPlainText('A claim[^1] and[^odd label].\n\n[^1]: The source.')).toBe('A claim and.\n\n The source.');
  });
});

describe('truncate', () => {
  it('keeps text that fits', () => {
    expect(truncate('short', 10)).toBe('short');
  });
});

describe('wordCount and readingMinutes', () => {
  it('counts words, not markup', () => {
    expect(wordCount('**Two** words\n\n---\n\n![img](/a.png)')).toBe(2);
    expect(wordCount('')).toBe(0);
  });

  it('rounds reading time to whole minutes, at least one', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(10)).toBe(1);
    expect(readingMinutes(2300)).toBe(10);
  });
});
