import { describe, expect, it } from 'vitest';
import type { AdminChapterSummary } from '#lib/stories.ts';
import { chapterFilterCounts, chapterState, filterChapters, movedList } from './chapter-list.ts';

const chapter = (id: number, status: 'draft' | 'published', release_at: string | null = null) =>
  ({ id, chapter_number: id, status, release_at }) as AdminChapterSummary;

describe('the chapter filter', () => {
  const chapters = [chapter(1, 'published'), chapter(2, 'published'), chapter(3, 'draft', '2026-12-01T18:00:00Z'), chapter(4, 'draft')];

  it('tells published, scheduled (a draft with a release time) and draft chapters apart', () => {
    expect(chapters.map(chapterState)).toEqual(['published', 'published', 'scheduled', 'draft']);
  });

  it('counts each filter and keeps the number order', () => {
    expect(chapterFilterCounts(chapters)).toEqual({ all: 4, published: 2, scheduled: 1, draft: 1 });
    expect(filterChapters(chapters, 'published').map((c) => c.id)).toEqual([1, 2]);
    expect(filterChapters(chapters, 'all')).toBe(chapters);
  });
});

describe('movedList', () => {
  it('moves the chapter and numbers the list 1..n as the server does', () => {
    const list = [chapter(1, 'draft'), chapter(5, 'draft'), chapter(9, 'draft')];
    expect(movedList(list, 2, 0).map((c) => [c.id, c.chapter_number])).toEqual([
      [9, 1],
      [1, 2],
      [5, 3],
    ]);
  });
});
