import { describe, expect, it } from 'vitest';
import { likeSearchPattern, SEARCH_MAX_TERMS, searchTerms } from './search.ts';

describe('searchTerms', () => {
  it('splits on any whitespace, drops empty and repeated terms, and keeps at most 8', () => {
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms('  \t\n ')).toEqual([]);
    expect(searchTerms(' duck\twater\nduck ')).toEqual(['duck', 'water']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(SEARCH_MAX_TERMS);
  });
});

describe('likeSearchPattern', () => {
  it('escapes the characters LIKE gives a meaning (%, _ and its escape \\) and nothing else', () => {
    expect(likeSearchPattern('duck')).toBe('%duck%');
    expect(likeSearchPattern('100%')).toBe('%100\\%%');
    expect(likeSearchPattern('snake_case')).toBe('%snake\\_case%');
    expect(likeSearchPattern('C:\\sd')).toBe('%C:\\\\sd%');
    expect(likeSearchPattern('.*[a]\'"')).toBe('%.*[a]\'"%');
  });
});
