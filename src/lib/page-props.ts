// What each page of a story is built from, in one place: the pages' getStaticPaths hand these
// props to their templates, and the publisher hashes the same props to tell which pages a change
// touched (scripts/server/publish-plan.ts). A page may read only its props and the site-wide
// content (profile, links, whether there is anything to search), so a page whose props and the
// site-wide content are unchanged renders to the same bytes and is not rendered again.
import { movedChapterPages } from './chapter-redirects.ts';
import type { SnapshotChapter, SnapshotStory } from './snapshot.ts';

/**
 * The story as a chapter page shows it: without its chapter list and the counts and dates that
 * change with every chapter, so a new chapter or an edit does not touch every other chapter page.
 * The next release shows only under the last chapter, so only the last one carries it.
 */
export type ChapterPageStory = Omit<SnapshotStory, 'chapters' | 'redirects' | 'chapter_count' | 'updated_at'>;

export interface ChapterPageProps {
  story: ChapterPageStory;
  chapter: SnapshotChapter;
  previous: SnapshotChapter | null;
  next: SnapshotChapter | null;
}

export interface StaticPage<Params, Props> {
  params: Params;
  props: Props;
}

export function chapterPages(story: SnapshotStory): StaticPage<{ slug: string; number: string }, ChapterPageProps>[] {
  const { chapters, redirects: _redirects, chapter_count: _count, updated_at: _updated, next_release_at, ...facts } = story;
  const shown = { ...facts, next_release_at: null };
  const last = { ...facts, next_release_at };
  return chapters.map((chapter, index) => ({
    params: { slug: story.slug, number: String(chapter.chapter_number) },
    props: {
      story: index === chapters.length - 1 ? last : shown,
      chapter,
      previous: chapters[index - 1] ?? null,
      next: chapters[index + 1] ?? null,
    },
  }));
}

export interface MovedPageProps {
  moved: ReturnType<typeof movedChapterPages>[number];
  storyTitle: string;
}

export function movedPages(story: SnapshotStory): StaticPage<{ slug: string; moved: string }, MovedPageProps>[] {
  return movedChapterPages(story).map((moved) => ({
    params: { slug: story.slug, moved: String(moved.old_number) },
    props: { moved, storyTitle: story.title },
  }));
}

/** The story page and the story's feed list every chapter: they are built from the whole story. */
export function storyPages(story: SnapshotStory): StaticPage<{ slug: string }, { story: SnapshotStory }>[] {
  return [{ params: { slug: story.slug }, props: { story } }];
}
