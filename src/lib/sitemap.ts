// What @astrojs/sitemap (astro.config.mjs) lists: every page the build wrote except the admin
// app, each with the time its content last changed where the snapshot knows it.
import type { SitemapOptions } from '@astrojs/sitemap';
import { chapterPath, STORIES_PATH, storyPath } from './reader-urls.ts';
import type { ContentSnapshot } from './snapshot.ts';

/** Where the integration writes the index that names the sitemap files (its default name). */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';

const PRIVATE_PATH = /^\/(admin|api)(\/|$)/;

export function sitemapOptions(content: Pick<ContentSnapshot, 'profile' | 'stories'>): SitemapOptions {
  const lastmods = pageLastmods(content);
  return {
    filter: (page) => !PRIVATE_PATH.test(new URL(page).pathname),
    serialize: (item) => {
      const lastmod = lastmods.get(withoutTrailingSlash(new URL(item.url).pathname));
      return lastmod ? { ...item, lastmod } : item;
    },
  };
}

/** Page path (no trailing slash) → ISO time it last changed: a list changes with what it lists. */
export function pageLastmods({ profile, stories }: Pick<ContentSnapshot, 'profile' | 'stories'>): Map<string, string> {
  const lastmods = new Map<string, string>();
  if (profile.updated_at) lastmods.set('/', profile.updated_at);
  for (const story of stories) {
    for (const chapter of story.chapters) lastmods.set(chapterPath(story.slug, chapter.chapter_number), chapter.updated_at);
    lastmods.set(storyPath(story.slug), latest([story.updated_at, ...story.chapters.map((chapter) => chapter.updated_at)]));
  }
  if (stories.length > 0) lastmods.set(STORIES_PATH, latest(stories.map((story) => lastmods.get(storyPath(story.slug))!)));
  return lastmods;
}

const latest = (times: string[]) => times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
