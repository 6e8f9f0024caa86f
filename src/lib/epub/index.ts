// A story as an EPUB 3 book, built at publish time (scripts/server/epub-files.ts writes it beside
// the story's page): cover, title page, table of contents, every published chapter in number
// order with its images embedded. Runs in any runtime (no Node APIs); the caller supplies the
// image bytes. See docs/decisions/0011-epub-at-publish.md.
import { zipSync, type Zippable } from 'fflate';
import { markdownToPlainText, truncate } from '../chapter-text.ts';
import { chapterBodyHtml } from '../chapter-body.ts';
import { renderMarkdown } from '../markdown.ts';
import type { AuthorProfile } from '../profile.ts';
import { storyPath } from '../reader-urls.ts';
import type { ReadChapterText, SnapshotStory } from '../snapshot.ts';
import { storyBookId } from '../stable-ids.ts';
import {
  type BookMetadata,
  type ChapterEntry,
  CONTAINER_XML,
  chapterPage,
  coverPage,
  navDocument,
  ncxDocument,
  packageDocument,
  STYLESHEET,
  type TextItem,
  titlePage,
} from './documents.ts';
import { type EmbeddedImage, ImageEmbedder, type ReadImage } from './images.ts';
import { bookLinks } from './links.ts';
import { htmlToXhtml } from './xhtml.ts';
import { xmlSafe } from './xml.ts';

export type { ImageFile, ReadImage } from './images.ts';

export const EPUB_MEDIA_TYPE = 'application/epub+zip';

export interface StoryEpubInput {
  story: SnapshotStory;
  profile: Pick<AuthorProfile, 'name'>;
  /** The public origin (https://example.com): the book's links back to the site. */
  siteOrigin: string;
  readImage: ReadImage;
  readText: ReadChapterText;
}

/** Where the book is on the site: /storytime/story/{slug}/{slug}.epub, beside the story's page. */
export const storyEpubPath = (slug: string) => `${storyPath(slug)}/${encodeURIComponent(slug)}.epub`;

const toSecond = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The latest of the story's and its chapters' updated_at, to the second, in UTC. */
export function lastModified(story: SnapshotStory): string {
  const times = [story.updated_at, ...story.chapters.map((chapter) => chapter.updated_at)]
    .map((time) => Date.parse(time))
    .filter(Number.isFinite);
  return toSecond(Math.max(0, ...times));
}

/** The book's dc:date: when its first chapter came out, or when the story was created. */
export function publicationDate(story: SnapshotStory): string {
  const published = story.chapters.map((chapter) => Date.parse(chapter.published_at ?? '')).filter(Number.isFinite);
  const created = Date.parse(story.created_at);
  return toSecond(published.length > 0 ? Math.min(...published) : Number.isFinite(created) ? created : 0);
}

const chapterFile = (chapterNumber: number) => `chapter-${chapterNumber}.xhtml`;

/** Lets other work run between chapters: a long story is many short tasks, not one long one. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function buildStoryEpub({ story, profile, siteOrigin, readImage, readText }: StoryEpubInput): Promise<Uint8Array> {
  const storyUrl = `${siteOrigin}${storyPath(story.slug)}/`;
  const book: BookMetadata = {
    identifier: await storyBookId(story),
    title: xmlSafe(story.title),
    author: xmlSafe(profile.name),
    description: xmlSafe(story.description || truncate(markdownToPlainText(story.blurb).replace(/\s+/g, ' ').trim(), 500)),
    subjects: story.genres.map(xmlSafe),
    date: publicationDate(story),
    modified: lastModified(story),
    storyUrl,
    lastChapter: story.chapters.at(-1)?.chapter_number ?? 0,
  };
  const images = new ImageEmbedder(readImage);
  const links = bookLinks(story, siteOrigin, chapterFile);
  const cover = await images.embed(story.cover, 'cover-image');
  const files: Record<string, string> = {
    'cover.xhtml': coverPage(book, cover),
    'title.xhtml': titlePage(book, await htmlToXhtml(renderMarkdown(story.blurb || story.description), images, links)),
  };
  const chapters: ChapterEntry[] = [];
  for (const chapter of story.chapters) {
    const id = `chapter-${chapter.chapter_number}`;
    const text = await readText(chapter);
    // The web page's warnings, notes and text, without what XML cannot hold (before Markdown
    // turns a NUL into a replacement character).
    const parts = {
      content: xmlSafe(text.content),
      note_before: xmlSafe(text.note_before),
      note_after: xmlSafe(text.note_after),
      content_warnings: chapter.content_warnings.map(xmlSafe),
    };
    const body = await htmlToXhtml(chapterBodyHtml(parts, story.breakImage), images, links);
    files[chapterFile(chapter.chapter_number)] = chapterPage(chapter.chapter_number, xmlSafe(chapter.title), body);
    chapters.push({ id, href: chapterFile(chapter.chapter_number), label: `Chapter ${chapter.chapter_number}: ${xmlSafe(chapter.title)}` });
    await yieldToEventLoop();
  }
  files['nav.xhtml'] = navDocument(book, chapters);
  files['toc.ncx'] = ncxDocument(book, chapters);
  const spine: TextItem[] = [
    { id: 'cover', href: 'cover.xhtml' },
    { id: 'title-page', href: 'title.xhtml' },
    { id: 'nav', href: 'nav.xhtml', properties: 'nav' },
    ...chapters,
  ];
  files['package.opf'] = packageDocument(book, spine, images.images, cover?.id ?? null);
  files['style.css'] = STYLESHEET;
  // ZIP dates start in 1980.
  return zipBook(files, images.images, new Date(Math.max(Date.parse(book.modified), Date.UTC(1980, 1, 1))));
}

/**
 * OCF: `mimetype` first and stored, so a reader can tell the file from its first bytes; the
 * text deflated; images stored (JPEG, PNG and GIF are compressed already). Every entry carries
 * the book's modified time, so an unchanged story gives the same bytes on every build.
 */
function zipBook(files: Record<string, string>, images: readonly EmbeddedImage[], mtime: Date): Uint8Array {
  const encode = (text: string) => new TextEncoder().encode(text);
  const entries: Zippable = {
    mimetype: [encode(EPUB_MEDIA_TYPE), { level: 0 }],
    'META-INF/container.xml': encode(CONTAINER_XML),
  };
  for (const [name, text] of Object.entries(files)) entries[`EPUB/${name}`] = encode(text);
  for (const image of images) entries[`EPUB/${image.href}`] = [image.bytes, { level: 0 }];
  return zipSync(entries, { level: 6, mtime });
}
