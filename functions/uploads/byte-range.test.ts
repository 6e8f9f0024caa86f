import { describe, expect, it } from 'vitest';
import { noneMatch, rangeStillValid, selectRange, UNSATISFIABLE } from './byte-range.ts';

describe('selectRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['BYTES=1-2', { start: 1, end: 2 }],
    ['bytes= 1-2 ,', { start: 1, end: 2 }],
    ['bytes=5-99999999999999999999999', { start: 5, end: 999 }],
  ])('%s on 1,000 bytes: one range', (header, range) => {
    expect(selectRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0', 'bytes=99999999999999999999999-'])(
    '%s on 1,000 bytes: unsatisfiable',
    (header) => {
      expect(selectRange(header, 1000)).toBe(UNSATISFIABLE);
    },
  );

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=5-1',
    'bytes=a-b',
    'bytes=1-2-3',
    'bytes=0x1-2',
    'items=0-1',
    'bytes 0-1',
    'bytes=0-1,5-6',
  ])('%j: ignored, the whole file', (header) => {
    expect(selectRange(header, 1000)).toBeNull();
  });

  it('ignores the range of an empty file', () => {
    expect(selectRange('bytes=0-', 0)).toBeNull();
  });

  it('answers a header of 10,000 ranges with the whole file, at once', () => {
    const header = `bytes=${Array.from({ length: 10_000 }, (_, i) => `${i}-${i}`).join(',')}`;
    const started = performance.now();
    expect(selectRange(header, 1000)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('validators', () => {
  const tag = '"abc"';
  it.each([tag, `W/${tag}`, `"x", ${tag}`, '*', ` ${tag} `])('If-None-Match %s matches', (header) => {
    expect(noneMatch(header, tag)).toBe(true);
  });
  it.each([undefined, '', '"abd"', 'W/"x"'])('If-None-Match %j does not match', (header) => {
    expect(noneMatch(header, tag)).toBe(false);
  });
  it('If-Range honours the range only for the same strong tag', () => {
    expect(rangeStillValid(undefined, tag)).toBe(true);
    expect(rangeStillValid(tag, tag)).toBe(true);
    expect(rangeStillValid(`W/${tag}`, tag)).toBe(false);
    expect(rangeStillValid('"other"', tag)).toBe(false);
    expect(rangeStillValid('Wed, 21 Oct 2015 07:28:00 GMT', tag)).toBe(false);
  });
});
