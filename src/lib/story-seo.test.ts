import { describe, expect, it } from 'vitest';
import { DEFAULT_GENRES, EXTRA_KEYWORDS, storyGenres, storyKeywords } from './story-seo.ts';

describe('storyGenres', () => {
  it('defaults to Science Fiction and Web Serial when a story has none', () => {
    expect(storyGenres({ genres: [] })).toEqual(DEFAULT_GENRES);
    expect(storyGenres({ genres: ['High Fantasy'] })).toEqual(['High Fantasy']);
  });
});

describe('storyKeywords', () => {
  it("lists the story's keywords, its genres and the extra ones, each once", () => {
    const keywords = storyKeywords({
      genres: ['Space Opera'],
      primary_keywords: 'salvage, Web Serial',
      longtail_keywords: ' derelict warship ,, ',
    });
    expect(keywords).toEqual([
      'salvage',
      'Web Serial',
      'derelict warship',
      'Space Opera',
      ...EXTRA_KEYWORDS.filter((k) => k !== 'web serial'),
    ]);
  });
});
