// Atom feeds of new chapters: one for the site, one per story. Atom rather than RSS 2.0 because
// it requires a permanent id and an updated date on every entry and says whether a text is
// plain or HTML, so readers neither duplicate edited chapters nor guess at escaping (RFC 4287).
import { Feed } from 'feed';
import { isAdultStory, showsAgeGate } from './adult-content.ts';
import { chapterDescription } from './chapter-text.ts';
import { chapterBodyHtml } from './chapter-body.ts';
import { type AuthorProfile, FULL_TEXT_FEED_ENTRIES } from './profile.ts';
import { chapterPath, SITE_FEED_PATH, STORIES_PATH, storyFeedPath, storyPath } from './reader-urls.ts';
import { withoutControlCharacters } from './safe-text.ts';
import type { ChapterWithText, ReadChapterText, SnapshotChapter, SnapshotStory } from './snapshot.ts';
import { chapterEntryId, storyFeedId } from './stable-ids.ts';

export const FEED_MEDIA_TYPE = 'application/atom+xml';
/** How many of the newest chapters a feed carries; readers poll often, so older ones are read already. */
export const FEED_ENTRY_LIMIT = 50;
/**
 * How entries of adult stories (and an adult story's own feed) are marked: an Atom category
 * (RFC 4287 4.2.2: term required, label for people), the way feed readers already show tags.
 */
export const ADULT_CATEGORY = { term: '18+', label: 'Adult content (18+)' };

/** A feed named in a page's head (`<link rel="alternate">`). */
export interface FeedLink {
  title: string;
  href: string;
}

export interface FeedContent {
  generatedAt: string;
  profile: AuthorProfile;
  stories: SnapshotStory[];
  /** The texts of the entries (their summaries and, in full feeds, their content). */
  readText: ReadChapterText;
}

export const siteFeedLink = (profile: AuthorProfile): FeedLink => ({ title: `${profile.name}: new chapters`, href: SITE_FEED_PATH });
export const storyFeedLink = (story: Pick<SnapshotStory, 'title' | 'slug'>): FeedLink => ({
  title: `${story.title}: new chapters`,
  href: storyFeedPath(story.slug),
});

/** The site's icons (written by the build), as the feeds' icon and logo. */
export const FEED_ICON_PATH = '/icons/icon-192.png';
export const FEED_LOGO_PATH = '/icons/icon-512.png';

/** The newest chapters of every published story. */
export function siteFeedXml(content: FeedContent, origin: string): Promise<string> {
  return feedXml(content, origin, {
    // The site has no record of its own to name it by: its feed is known by its address.
    id: canonicalUrl(origin, STORIES_PATH),
    title: siteFeedLink(content.profile).title,
    description: content.profile.tagline || content.profile.bio,
    pagePath: STORIES_PATH,
    feedPath: SITE_FEED_PATH,
    stories: content.stories,
  });
}

/** The newest chapters of one story. */
export async function storyFeedXml(content: FeedContent, story: SnapshotStory, origin: string): Promise<string> {
  return feedXml(content, origin, {
    id: await storyFeedId(story),
    title: story.title,
    description: story.description,
    pagePath: storyPath(story.slug),
    feedPath: storyFeedPath(story.slug),
    stories: [story],
  });
}

interface FeedScope {
  id: string;
  title: string;
  description: string;
  pagePath: string;
  feedPath: string;
  stories: SnapshotStory[];
}

async function feedXml({ generatedAt, profile, readText }: FeedContent, origin: string, scope: FeedScope): Promise<string> {
  const entries = newestChapters(scope.stories);
  const pageUrl = canonicalUrl(origin, scope.pagePath);
  const feed = new Feed({
    id: scope.id,
    title: withoutControlCharacters(scope.title),
    description: withoutControlCharacters(scope.description),
    link: pageUrl,
    feed: `${origin}${scope.feedPath}`,
    favicon: `${origin}${FEED_ICON_PATH}`,
    image: `${origin}${FEED_LOGO_PATH}`,
    copyright: withoutControlCharacters(`© ${new Date(generatedAt).getUTCFullYear()} ${profile.name}. All rights reserved.`),
    author: { name: withoutControlCharacters(profile.name), link: `${origin}/` },
    // An empty feed is as old as the build; otherwise as new as its newest entry, so it only
    // looks changed when a chapter did.
    updated: new Date(entries[0]?.chapter.updated_at ?? generatedAt),
    generator: false,
  });
  if (scope.stories.length === 1 && isAdultStory(scope.stories[0]!)) feed.addCategory(ADULT_CATEGORY.term);
  for (const [index, entry] of entries.entries()) {
    const { story } = entry;
    const chapter = { ...entry.chapter, ...(await readText(entry.chapter)) };
    const link = canonicalUrl(origin, chapterPath(story.slug, chapter.chapter_number));
    // Behind the 18+ confirmation the text stays on the site: a feed reader would show it ungated.
    const gated = showsAgeGate(story);
    const summary = gated ? '' : entrySummary(chapter);
    const whole = profile.feed_content === 'full' && index < FULL_TEXT_FEED_ENTRIES && !gated;
    const content = whole ? entryContent(story, chapter, link) : '';
    feed.addItem({
      // The library writes titles and summaries as type="html": plain text must be escaped as HTML.
      title: htmlText(entryTitle(story, chapter)),
      id: await chapterEntryId(story, chapter),
      link,
      date: new Date(chapter.updated_at),
      published: new Date(chapter.published_at ?? chapter.updated_at),
      ...(summary ? { description: htmlText(summary) } : {}),
      ...(content ? { content } : {}),
      ...(isAdultStory(story) ? { category: [{ term: ADULT_CATEGORY.term, name: ADULT_CATEGORY.label }] } : {}),
    });
  }
  // Atom carries the language as xml:lang on the root; the library only writes it for RSS.
  return feed.atom1().replace('<feed xmlns="http://www.w3.org/2005/Atom">', '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">');
}

/**
 * The chapter as its page shows it (warnings, notes, text; sanitised by src/lib/markdown.ts),
 * every address made absolute against the chapter's page, since a feed reader shows it elsewhere.
 * The library writes it in a CDATA section, which `]]>` would end.
 */
function entryContent(story: SnapshotStory, chapter: ChapterWithText, chapterUrl: string): string {
  const html = chapterBodyHtml(chapter, story.breakImage).replace(/<[^>]+>/g, (tag) =>
    tag.replace(/\s(src|href)="([^"]*)"/g, (_, name: string, value: string) => ` ${name}="${absoluteUrl(value, chapterUrl)}"`),
  );
  return withoutControlCharacters(html).replaceAll(']]>', ']]&gt;');
}

function absoluteUrl(value: string, base: string): string {
  try {
    return new URL(value.replaceAll('&amp;', '&'), base).href.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  } catch {
    return value;
  }
}

/** The content warnings (docs/product.md, The writing desk), then the description; either may be missing. */
function entrySummary(chapter: ChapterWithText): string {
  const warnings = chapter.content_warnings.length > 0 ? `Content warnings: ${chapter.content_warnings.join(', ')}.` : '';
  return [warnings, chapterDescription(chapter.content)].filter(Boolean).join('\n\n');
}

/** Pages are built as folders (build.format 'directory'), so their canonical addresses end in "/". */
const canonicalUrl = (origin: string, pagePath: string) => `${origin}${pagePath}/`;

/** "{story} — Chapter {n}: {title}", without repeating a title that is only "Chapter {n}". */
export function entryTitle(story: Pick<SnapshotStory, 'title'>, chapter: Pick<SnapshotChapter, 'chapter_number' | 'title'>): string {
  const label = `Chapter ${chapter.chapter_number}`;
  const title = chapter.title.trim();
  return !title || title.toLowerCase() === label.toLowerCase() ? `${story.title} — ${label}` : `${story.title} — ${label}: ${title}`;
}

/**
 * The newest chapters first (by last update; ties by story, then highest number first), of
 * published stories only: the snapshot holds nothing else, and a feed is copied by aggregators
 * for good, so a draft that slipped through would never be taken back.
 */
export function newestChapters(stories: SnapshotStory[], limit = FEED_ENTRY_LIMIT): { story: SnapshotStory; chapter: SnapshotChapter }[] {
  return stories
    .filter((story) => story.status === 'published')
    .flatMap((story) => story.chapters.map((chapter) => ({ story, chapter })))
    .sort(
      (a, b) =>
        Date.parse(b.chapter.updated_at) - Date.parse(a.chapter.updated_at) ||
        a.story.id - b.story.id ||
        b.chapter.chapter_number - a.chapter.chapter_number,
    )
    .slice(0, limit);
}

function htmlText(text: string): string {
  return withoutControlCharacters(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
