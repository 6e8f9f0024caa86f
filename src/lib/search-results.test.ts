import { describe, expect, it } from 'vitest';
import { cleanQuery, excerptParts, findPattern, findWords, resultHref, SEARCH_QUERY_MAX } from './search-results.ts';

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

  it('points the fragment at the first run of marked words, for the page and for the browser', () => {
    const parts = excerptParts('At dawn a <mark>violet</mark> <mark>heron</mark> sang, then the <mark>heron</mark> left.');
    expect(resultHref(url, parts)).toBe(`${url}#find=violet%20heron:~:text=violet%20heron`);
  });

  it("encodes the fragment's own signs inside the words", () => {
    expect(resultHref(url, excerptParts('a <mark>well-known</mark>, <mark>R&amp;D</mark>'))).toBe(
      `${url}#find=well%2Dknown:~:text=well%2Dknown`,
    );
    expect(resultHref(url, excerptParts('<mark>A,B&C</mark>'))).toBe(`${url}#find=A%2CB%26C:~:text=A%2CB%26C`);
  });

  it('links the chapter alone when nothing is marked', () => {
    expect(resultHref(url, excerptParts('no match here'))).toBe(url);
  });
});

describe('findWords and findPattern', () => {
  it('read back the words of a result link, with or without the text directive', () => {
    const href = resultHref('/c/', excerptParts('<mark>well-known</mark> <mark>(heron)</mark>'));
    expect(findWords(href.slice(href.indexOf('#')))).toBe('well-known (heron)');
    expect(findWords('#find=violet%20heron')).toBe('violet heron');
    expect(findWords('#comments')).toBeNull();
    expect(findWords('#find=%E0%A4%A')).toBeNull();
  });

  it('match the words in any case across spaces, every sign literal', () => {
    const pattern = findPattern('well-known (heron).*');
    expect(pattern.test('A Well-Known\n (Heron).* sang')).toBe(true);
    expect(pattern.test('well-known heron sang')).toBe(false);
  });
});
