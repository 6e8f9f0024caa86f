// The old addresses of moved chapters (docs/product.md, The chapter list and reordering): a
// page shows one chapter, so an old number sends readers on only while no published chapter
// holds it, and only to a chapter that is published.
import { chapterPath } from './reader-urls.ts';
import type { SnapshotStory } from './snapshot.ts';

export interface MovedChapterPage {
  /** The old address's number. */
  old_number: number;
  /** Where the chapter is now (a folder address, ending in "/"). */
  to: string;
  title: string;
}

export function movedChapterPages(story: Pick<SnapshotStory, 'slug' | 'chapters' | 'redirects'>): MovedChapterPage[] {
  const byId = new Map(story.chapters.map((chapter) => [chapter.id, chapter]));
  const taken = new Set(story.chapters.map((chapter) => chapter.chapter_number));
  return (story.redirects ?? []).flatMap(({ old_number, chapter_id }) => {
    const chapter = byId.get(chapter_id);
    if (!chapter || taken.has(old_number)) return [];
    return [{ old_number, to: `${chapterPath(story.slug, chapter.chapter_number)}/`, title: chapter.title }];
  });
}
