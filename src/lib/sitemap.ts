// What the sitemap (scripts/server/sitemap-files.ts) lists: every page a publish has except the admin
// app, X galleries and adult stories with their chapters (adults only, not for search engines),
// the preview as a reader, the old addresses of moved chapters, the not-found page and the pages
// of following by email (they answer links from emails), each with the time its content last changed where the snapshot knows it.
import { isAdultStory } from './adult-content.ts';
import { movedChapterPages } from './chapter-redirects.ts';
import { FOLLOW_PAGE_PATHS } from './follow.ts';
import { GALLERIES_PATH, GALLERY_NOT_FOUND_PATH, galleryPath } from './gallery-urls.ts';
import { chapterPath, PREVIEW_PATH, STORIES_PATH, storyPath } from './reader-urls.ts';
import type { ContentSnapshot } from './snapshot.ts';

/** The index that names the sitemap files. */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';

/**
 * robots.txt: crawl everything readers see and the uploaded images (covers, gallery art, share
 * previews); the admin app, the rest of the API and the author's preview are not for search
 * engines. The Allow comes first and there is no `Allow: /`, so parsers that take the first
 * matching rule read it as parsers that take the longest one do (docs/product.md, Valid pages,
 * addresses and crawlers).
 */
export function robotsTxt(origin: string): string {
  const disallowed = ['/admin', '/api/', `${PREVIEW_PATH}/`].map((path) => `Disallow: ${path}`);
  return ['User-agent: *', 'Allow: /api/uploads/', ...disallowed, '', `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`, ''].join('\n');
}

const PRIVATE_PATH = /^\/(admin|api)(\/|$)/;

type SitemapContent = Pick<ContentSnapshot, 'profile' | 'stories'> & Partial<Pick<ContentSnapshot, 'galleries'>>;

export interface SitemapItem {
  url: string;
  lastmod?: string;
}

export interface SitemapRules {
  filter(page: string): boolean;
  serialize(item: SitemapItem): SitemapItem;
}

export function sitemapOptions(content: SitemapContent): SitemapRules {
  const lastmods = pageLastmods(content);
  const hidden = new Set([
    GALLERY_NOT_FOUND_PATH,
    PREVIEW_PATH,
    ...Object.values(FOLLOW_PAGE_PATHS),
    ...(content.galleries ?? []).filter((g) => g.rating !== 'PG').map((g) => galleryPath(g.slug)),
    ...content.stories
      .filter(isAdultStory)
      .flatMap((story) => [storyPath(story.slug), ...story.chapters.map((c) => chapterPath(story.slug, c.chapter_number))]),
    ...content.stories.flatMap((story) => movedChapterPages(story).map((moved) => chapterPath(story.slug, moved.old_number))),
  ]);
  return {
    filter: (page) => {
      const path = new URL(page).pathname;
      return !PRIVATE_PATH.test(path) && !hidden.has(withoutTrailingSlash(path));
    },
    serialize: (item) => {
      const lastmod = lastmods.get(withoutTrailingSlash(new URL(item.url).pathname));
      return lastmod ? { ...item, lastmod } : item;
    },
  };
}

/** Page path (no trailing slash) → ISO time it last changed: a list changes with what it lists. */
export function pageLastmods({ profile, stories: allStories, galleries = [] }: SitemapContent): Map<string, string> {
  const lastmods = new Map<string, string>();
  if (profile.updated_at) lastmods.set('/', profile.updated_at);
  const stories = allStories.filter((story) => !isAdultStory(story));
  for (const story of stories) {
    for (const chapter of story.chapters) lastmods.set(chapterPath(story.slug, chapter.chapter_number), chapter.updated_at);
    lastmods.set(storyPath(story.slug), latest([story.updated_at, ...story.chapters.map((chapter) => chapter.updated_at)]));
  }
  if (stories.length > 0) lastmods.set(STORIES_PATH, latest(stories.map((story) => lastmods.get(storyPath(story.slug))!)));
  const listed = galleries.filter((gallery) => gallery.rating === 'PG');
  for (const gallery of listed) {
    lastmods.set(galleryPath(gallery.slug), latest([gallery.updated_at, ...gallery.images.map((image) => image.created_at)]));
  }
  if (listed.length > 0) lastmods.set(GALLERIES_PATH, latest(listed.map((gallery) => lastmods.get(galleryPath(gallery.slug))!)));
  return lastmods;
}

const latest = (times: string[]) => times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
