import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chapterSetOf, formatChapterSet, parseChapterSet, sharedCount, withChapter, withRange } from './chapter-set.ts';
import { clearProgress, lastVisit, readProgress, rememberVisit, saveChapterProgress, storyProgress } from './reading-progress.ts';

/** The browser's localStorage, as a plain map. */
function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  });
  return items;
}

describe('chapter sets', () => {
  it('merges numbers into ranges, in any order', () => {
    expect(formatChapterSet(chapterSetOf([3, 1, 2, 7, 5, 6, 10]))).toBe('1-3,5-7,10');
    expect(formatChapterSet(withChapter(parseChapterSet('1-3,5'), 4))).toBe('1-5');
    expect(formatChapterSet(withRange(parseChapterSet('1,4,9'), 2, 8))).toBe('1-9');
  });

  it('stays short for a long story read in order', () => {
    const set = chapterSetOf(Array.from({ length: 2000 }, (_, index) => index + 1));
    expect(formatChapterSet(set)).toBe('1-2000');
  });

  it('skips what it did not write', () => {
    expect(formatChapterSet(parseChapterSet('0,3-1,x,2-4,,-5,1e3,4-6'))).toBe('2-6');
    expect(parseChapterSet(42)).toEqual([]);
  });

  it('counts what two sets share', () => {
    expect(sharedCount(parseChapterSet('1-10,20-30'), parseChapterSet('5-25'))).toBe(6 + 6);
  });
});

describe('reading progress', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = stubStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('marks a chapter read once the reader has passed 90% of it', () => {
    saveChapterProgress('fleet', 1, 900, 95);
    saveChapterProgress('fleet', 2, 400, 89);
    expect(readProgress('fleet')).toEqual({ chapterIndex: 2, scrollY: 400, percent: 89, read: [[1, 1]] });
    saveChapterProgress('fleet', 2, 800, 100);
    saveChapterProgress('fleet', 1, 0, 10); // going back keeps it read
    expect(readProgress('fleet')?.read).toEqual([[1, 2]]);
    expect(items.get('progress:fleet')).toBe('{"chapterIndex":1,"scrollY":0,"percent":10,"read":"1-2"}');
  });

  it('shows progress through the published chapters, not the depth of the last one', () => {
    const published = parseChapterSet('1-46');
    saveChapterProgress('fleet', 12, 0, 100);
    for (let n = 1; n <= 11; n++) saveChapterProgress('fleet', n, 0, 100);
    saveChapterProgress('fleet', 13, 0, 50);
    expect(storyProgress(readProgress('fleet')!, published)).toEqual({ read: 12, published: 46, fraction: 12.5 / 46 });
    // A read chapter that is no longer published does not count.
    expect(storyProgress(readProgress('fleet')!, parseChapterSet('2-10'))).toMatchObject({ read: 9, published: 9 });
  });

  it('keeps the progress stored before chapters were marked read', () => {
    items.set('progress:fleet', JSON.stringify({ chapterIndex: 5, scrollY: 300, percent: 100 }));
    expect(readProgress('fleet')).toEqual({ chapterIndex: 5, scrollY: 300, percent: 100, read: [[1, 5]] });
    items.set('progress:fleet', JSON.stringify({ chapterIndex: 5, scrollY: 300, percent: 40 }));
    expect(readProgress('fleet')?.read).toEqual([[1, 4]]);
    items.set('progress:fleet', JSON.stringify({ chapterIndex: 1, scrollY: 0, percent: 3 }));
    expect(readProgress('fleet')?.read).toEqual([]);
    saveChapterProgress('fleet', 2, 0, 100);
    expect(readProgress('fleet')?.read).toEqual([[2, 2]]);
  });

  it('ignores what it cannot read and forgets on reset', () => {
    items.set('progress:fleet', '{not json');
    expect(readProgress('fleet')).toBeNull();
    items.set('progress:fleet', JSON.stringify({ chapterIndex: 0 }));
    expect(readProgress('fleet')).toBeNull();
    saveChapterProgress('fleet', 3, 0, 100);
    clearProgress('fleet');
    expect(readProgress('fleet')).toBeNull();
  });

  it('remembers the last visit of a story page', () => {
    expect(lastVisit('fleet')).toBeNull();
    rememberVisit('fleet', 1_700_000_000_000);
    expect(lastVisit('fleet')).toBe(1_700_000_000_000);
    items.set('visited:fleet', '"soon"');
    expect(lastVisit('fleet')).toBeNull();
  });

  it('throws nothing when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => saveChapterProgress('fleet', 1, 0, 100)).not.toThrow();
    expect(readProgress('fleet')).toBeNull();
    expect(lastVisit('fleet')).toBeNull();
  });
});
