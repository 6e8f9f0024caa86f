// The chapter list's filter and moves (docs/product.md, The chapter list and reordering).
import type { AdminChapterSummary } from '#lib/stories.ts';

/** Where a chapter stands for its author: a draft with a release time is scheduled. */
export type ChapterState = 'published' | 'scheduled' | 'draft';

export const chapterState = (chapter: Pick<AdminChapterSummary, 'status' | 'release_at'>): ChapterState =>
  chapter.status === 'published' ? 'published' : chapter.release_at ? 'scheduled' : 'draft';

export const CHAPTER_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'draft', label: 'Drafts' },
] as const;
export type ChapterFilter = (typeof CHAPTER_FILTERS)[number]['value'];

export function chapterFilterCounts(chapters: readonly AdminChapterSummary[]): Record<ChapterFilter, number> {
  const counts = { all: chapters.length, published: 0, scheduled: 0, draft: 0 };
  for (const chapter of chapters) counts[chapterState(chapter)] += 1;
  return counts;
}

export const filterChapters = (chapters: readonly AdminChapterSummary[], filter: ChapterFilter) =>
  filter === 'all' ? chapters : chapters.filter((chapter) => chapterState(chapter) === filter);

/**
 * The list after moving the chapter at `from` to the place `to` (0-based), numbered 1..n as the
 * server numbers it, to show before the server answers.
 */
export function movedList<T extends { chapter_number: number }>(chapters: readonly T[], from: number, to: number): T[] {
  const list = [...chapters];
  const [moving] = list.splice(from, 1);
  if (moving) list.splice(to, 0, moving);
  return list.map((chapter, index) => ({ ...chapter, chapter_number: index + 1 }));
}
