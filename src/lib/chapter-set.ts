// A set of chapter numbers kept as sorted, disjoint ranges and written as text ("1-12,15"): a
// reader's read chapters or a story's published ones. Its size follows the gaps, not the count, so
// 2,000 chapters read in order take six characters (docs/product.md, Progress and the chapter list).
export type ChapterRange = readonly [from: number, to: number];
export type ChapterSet = readonly ChapterRange[];

const RANGE = /^(\d{1,9})(?:-(\d{1,9}))?$/;

/** Adds the numbers from..to, merging the ranges they touch. */
export function withRange(set: ChapterSet, from: number, to: number): ChapterSet {
  const apart = set.filter(([a, b]) => b < from - 1 || a > to + 1);
  const touching = set.filter(([a, b]) => !(b < from - 1 || a > to + 1));
  const start = Math.min(from, ...touching.map(([a]) => a));
  const end = Math.max(to, ...touching.map(([, b]) => b));
  return [...apart, [start, end] as const].sort((x, y) => x[0] - y[0]);
}

/** Adds the chapter number n (a whole number from 1). */
export const withChapter = (set: ChapterSet, n: number): ChapterSet =>
  Number.isSafeInteger(n) && n >= 1 && !hasChapter(set, n) ? withRange(set, n, n) : set;

export const hasChapter = (set: ChapterSet, n: number): boolean => set.some(([from, to]) => n >= from && n <= to);

/** The set of the given numbers, in any order. */
export const chapterSetOf = (numbers: Iterable<number>): ChapterSet => [...numbers].reduce<ChapterSet>(withChapter, []);

/** How many numbers the two sets share. */
export function sharedCount(a: ChapterSet, b: ChapterSet): number {
  let count = 0;
  for (const [fromA, toA] of a) {
    for (const [fromB, toB] of b) count += Math.max(0, Math.min(toA, toB) - Math.max(fromA, fromB) + 1);
  }
  return count;
}

export const formatChapterSet = (set: ChapterSet): string => set.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(',');

/** Reads what formatChapterSet wrote; any other part of the text (a hand edit, junk) is skipped. */
export function parseChapterSet(text: unknown): ChapterSet {
  if (typeof text !== 'string') return [];
  let set: ChapterSet = [];
  for (const part of text.split(',')) {
    const match = RANGE.exec(part.trim());
    if (!match) continue;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from >= 1 && to >= from) set = withRange(set, from, to);
  }
  return set;
}
