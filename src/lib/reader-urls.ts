// Addresses of the reader's pages and feeds, in one place for pages, feeds, the
// sitemap and the islands.
export const STORIES_PATH = '/storytime';
export const storyPath = (slug: string) => `${STORIES_PATH}/story/${encodeURIComponent(slug)}`;
export const chapterPath = (slug: string, chapterNumber: number) => `${storyPath(slug)}/chapter/${chapterNumber}`;

/** The site's feed of new chapters across all stories, and one per story. */
export const SITE_FEED_PATH = `${STORIES_PATH}/feed.xml`;
export const storyFeedPath = (slug: string) => `${storyPath(slug)}/feed.xml`;

/** Where staff go from a chapter page: the chapter's editor in the admin. */
export const chapterEditorPath = (storyId: number, chapterId: number) => `/admin/stories/${storyId}/chapters/${chapterId}`;
/** A chapter as readers will see it, published or not, for staff only (never built, never indexed). */
export const PREVIEW_PATH = `${STORIES_PATH}/preview`;
export const chapterPreviewPath = (chapterId: number) => `${PREVIEW_PATH}/?chapter=${chapterId}`;
/** The chapter id a preview address names (`?chapter=12`), or null when it names none. */
export function previewChapterId(search: string): number | null {
  const value = new URLSearchParams(search).get('chapter') ?? '';
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
