import { describe, expect, it } from 'vitest';
import { movedChapterPages } from './chapter-redirects.ts';
import type { SnapshotChapter } from './snapshot.ts';

const chapter = (id: number, chapter_number: number): SnapshotChapter => ({
  id,
  chapter_number,
  slug: `slug-${id}`,
  title: `Title ${id}`,
  published_at: null,
  word_count: 0,
  content_warnings: [],
  updated_at: '2026-11-27T00:00:00.000Z',
});

describe('movedChapterPages', () => {
  it('sends an old number no published chapter holds to the chapter where it is now', () => {
    const story = { slug: 'the-fleet', chapters: [chapter(10, 1), chapter(11, 2)], redirects: [{ old_number: 5, chapter_id: 11 }] };
    expect(movedChapterPages(story)).toEqual([{ old_number: 5, to: '/storytime/story/the-fleet/chapter/2/', title: 'Title 11' }]);
  });

  it('leaves an old number that another chapter holds now to that chapter', () => {
    const story = { slug: 's', chapters: [chapter(10, 1), chapter(11, 2)], redirects: [{ old_number: 1, chapter_id: 11 }] };
    expect(movedChapterPages(story)).toEqual([]);
  });

  it('builds nothing for a chapter that is not published, or a snapshot without redirects', () => {
    expect(movedChapterPages({ slug: 's', chapters: [chapter(10, 1)], redirects: [{ old_number: 3, chapter_id: 99 }] })).toEqual([]);
    expect(movedChapterPages({ slug: 's', chapters: [chapter(10, 1)] })).toEqual([]);
  });
});
