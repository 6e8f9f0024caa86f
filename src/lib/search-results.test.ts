import { describe, expect, it } from 'vitest';
import { cleanQuery, excerptParts, resultHref, SEARCH_QUERY_MAX } from './search-results.ts';

describe('cleanQuery', () => {
  it('collapses spaces and keeps the quotes of a phrase', () => {
    expect(cleanQuery('  "violet\n heron"   sang ')).toBe('"violet heron" sang');
  });

  it('cuts a 10,000-character query', () => {
    expect(cleanQuery('x'.repeat(10_000))).toHaveLength(SEARCH_QUERY_MAX);
  });
});

describe('excerptParts', () => {
  it('splits the marks from the text and unescapes what Pagefind escaped', () => {
    expect(excerptParts('a &lt;b&gt; <mark>violet</mark> <mark>heron</mark> & co')).toEqual([
      { text: 'a <b> ', marked: false },
      { text: 'violet', marked: true },
      { text: ' ', marked: false },
      { text: 'heron', marked: true },
      { text: ' & co', marked: false },
    ]);
  });

  it('keeps any other tag as text', () => {
    expect(excerptParts('<img src=x onerror=alert(1)><mark>&lt;script&gt;</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', marked: false },
      { text: '<script>', marked: true },
    ]);
  });
});

describe('resultHref', () => {
  const url = '/storytime/story/the-fleet/chapter/37/';

  it('points a text fragment at the first run of marked words', () => {
    const parts = excerptParts('At dawn a <mark>violet</mark> <mark>heron</mark> sang, then the <mark>heron</mark> left.');
    expect(resultHref(url, parts)).toBe(`${url}#:~:text=violet%20heron`);
  });

  it("encodes the fragment's own signs inside the words", () => {
    expect(resultHref(url, excerptParts('a <mark>well-known</mark>, <mark>R&amp;D</mark>'))).toBe(`${url}#:~:text=well%2Dknown`);
    expect(resultHref(url, excerptParts('<mark>A,B&C</mark>'))).toBe(`${url}#:~:text=A%2CB%26C`);
  });

  it('links the chapter alone when nothing is marked', () => {
    expect(resultHref(url, excerptParts('no match here'))).toBe(url);
  });
});
