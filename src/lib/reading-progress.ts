// Reading progress per story, kept on the device (docs/product.md, Progress and the chapter list):
// the chapter opened last with its scroll position and depth, and the chapters read as ranges of
// numbers; besides it, when the reader last opened the story's page. Storage may be blocked
// (private mode): then nothing is remembered.
import { type ChapterSet, formatChapterSet, hasChapter, parseChapterSet, sharedCount, withChapter, withRange } from './chapter-set.ts';

export interface ReadingProgress {
  /** The number of the chapter opened last, where Continue leads. */
  chapterIndex: number;
  scrollY: number;
  /** How far into that chapter the reader got, 0-100. */
  percent: number;
  /** The chapters read, by number. */
  read: ChapterSet;
}

/** A chapter counts as read once the bottom of the screen has passed 90% of it (its last lines, the notes after it). */
export const READ_PERCENT = 90;

const key = (storySlug: string) => `progress:${storySlug}`;
const visitKey = (storySlug: string) => `visited:${storySlug}`;

/** The percent is clamped to 0-100 for display. */
export const clampPercent = (percent: number) => Math.min(100, Math.max(0, Math.round(percent)));

interface Stored {
  chapterIndex?: unknown;
  scrollY?: unknown;
  percent?: unknown;
  /** Absent in what the pages stored before chapters were marked read. */
  read?: unknown;
}

export function readProgress(storySlug: string): ReadingProgress | null {
  try {
    const saved = JSON.parse(localStorage.getItem(key(storySlug)) ?? 'null') as Stored | null;
    const chapterIndex = saved?.chapterIndex;
    if (!saved || typeof chapterIndex !== 'number' || !Number.isSafeInteger(chapterIndex) || chapterIndex < 1) return null;
    const percent = clampPercent(Number(saved.percent) || 0);
    return {
      chapterIndex,
      scrollY: Math.max(0, Number(saved.scrollY) || 0),
      percent,
      read: saved.read === undefined ? readBefore(chapterIndex, percent) : parseChapterSet(saved.read),
    };
  } catch {
    return null;
  }
}

/** Progress stored before the read marks: the chapters before the last one opened count as read. */
function readBefore(chapterIndex: number, percent: number): ChapterSet {
  const upTo = percent >= READ_PERCENT ? chapterIndex : chapterIndex - 1;
  return upTo >= 1 ? withRange([], 1, upTo) : [];
}

/** Where the reader is in a chapter; past READ_PERCENT it joins the chapters read. */
export function saveChapterProgress(storySlug: string, chapterIndex: number, scrollY: number, percent: number): void {
  const before = readProgress(storySlug);
  const read = before?.read ?? [];
  write(key(storySlug), {
    chapterIndex,
    scrollY: Math.max(0, Math.round(scrollY)),
    percent: clampPercent(percent),
    read: formatChapterSet(percent >= READ_PERCENT ? withChapter(read, chapterIndex) : read),
  });
}

export function clearProgress(storySlug: string): void {
  try {
    localStorage.removeItem(key(storySlug));
  } catch {
    // As in write.
  }
}

export interface StoryProgress {
  /** Published chapters read. */
  read: number;
  published: number;
  /** 0-1: the chapters read plus the depth of the chapter opened last when it is not read yet. */
  fraction: number;
}

/** Progress through the story's published chapters (a read chapter no longer published does not count). */
export function storyProgress(progress: ReadingProgress, published: ChapterSet): StoryProgress {
  const total = sharedCount(published, published);
  const read = sharedCount(progress.read, published);
  const current = hasChapter(published, progress.chapterIndex) && !hasChapter(progress.read, progress.chapterIndex);
  const fraction = total === 0 ? 0 : Math.min(1, (read + (current ? progress.percent / 100 : 0)) / total);
  return { read, published: total, fraction };
}

/** When the reader last opened the story's page (ms since 1970), or null the first time. */
export function lastVisit(storySlug: string): number | null {
  try {
    const time = Number(localStorage.getItem(visitKey(storySlug)));
    return Number.isFinite(time) && time > 0 ? time : null;
  } catch {
    return null;
  }
}

export const rememberVisit = (storySlug: string, time: number): void => write(visitKey(storySlug), time);

function write(name: string, value: unknown): void {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage full or blocked: progress is a convenience, never an error.
  }
}
