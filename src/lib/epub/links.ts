// Where a link in the book goes. A link to one of the story's own chapters (its address on the
// site, relative or absolute, with its #fragment; an old number of a moved chapter too) opens that
// chapter in the book, the story's page opens the title page; other links to the site become
// absolute, since a book has no site around it. Links to other web pages stay: the reader follows
// them, the book never loads them.
import { storyPath } from '../reader-urls.ts';
import type { SnapshotStory } from '../snapshot.ts';

/** The href a link gets in the book, or null when it leads nowhere (relative to a web page that is not in the book). */
export type BookLinks = (href: string) => string | null;

export function bookLinks(story: SnapshotStory, siteOrigin: string, chapterFile: (chapterNumber: number) => string): BookLinks {
  const files = new Map(story.chapters.map((chapter) => [chapter.chapter_number, chapterFile(chapter.chapter_number)]));
  for (const redirect of story.redirects ?? []) {
    const moved = story.chapters.find((chapter) => chapter.id === redirect.chapter_id);
    if (moved && !files.has(redirect.old_number)) files.set(redirect.old_number, chapterFile(moved.chapter_number));
  }
  const storyPage = storyPath(story.slug);
  return (href) => {
    if (/^(?:https?:|mailto:|#)/i.test(href) && !href.startsWith(`${siteOrigin}/`)) return href;
    const sitePath = href.startsWith(`${siteOrigin}/`) ? href.slice(siteOrigin.length) : href;
    if (!sitePath.startsWith('/') || sitePath.startsWith('//')) return null;
    const [, path = '', fragment = ''] = /^([^?#]*)(?:\?[^#]*)?(#.*)?$/.exec(sitePath) ?? [];
    const chapter = path.startsWith(`${storyPage}/chapter/`) ? /^\/(\d+)\/?$/.exec(path.slice(`${storyPage}/chapter`.length)) : null;
    const file = chapter ? files.get(Number(chapter[1])) : path.replace(/\/$/, '') === storyPage ? 'title.xhtml' : undefined;
    return file ? `${file}${fragment}` : `${siteOrigin}${sitePath}`;
  };
}
