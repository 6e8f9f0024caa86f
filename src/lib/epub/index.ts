// A story as an EPUB 3 book, built at publish time (scripts/server/epub-files.ts writes it beside
// the story's page): cover, title page, table of contents, every published chapter in number
// order with its images embedded. Runs in any runtime (no Node APIs); the caller supplies the
// image bytes, where the book goes, and may supply a faster compressor and a cache of chapter
// pages. See docs/decisions/0011-epub-at-publish.md and 0054-books-written-as-they-are-made.md.
import { deflateSync } from 'fflate';
import { markdownToPlainText, truncate } from '../chapter-text.ts';
import { renderMarkdown } from '../markdown.ts';
import type { AuthorProfile } from '../profile.ts';
import { storyPath } from '../reader-urls.ts';
import type { ReadChapterText, SnapshotStory } from '../snapshot.ts';
import { storyBookId } from '../stable-ids.ts';
import {
  type BookMetadata,
  type ChapterEntry,
  CONTAINER_XML,
  coverPage,
  navDocument,
  ncxDocument,
  packageDocument,
  STYLESHEET,
  type TextItem,
  titlePage,
} from './documents.ts';
import { ImageEmbedder, type ReadImage } from './images.ts';
import { bookLinks } from './links.ts';
import { type BookPage, chapterBookPage, type PageCache, renderedPage } from './pages.ts';
import { htmlToXhtml } from './xhtml.ts';
import { xmlSafe } from './xml.ts';
import { type Deflate, deflatedEntry, storedEntry, ZipWriter } from './zip.ts';

export type { ImageFile, ReadImage } from './images.ts';
export { type CachedPage, chapterPageKey, type PageCache } from './pages.ts';
export type { Deflate } from './zip.ts';

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

/** Where the book goes and how: its bytes in order, how text is compressed, where chapter pages are kept. */
export interface BookOutput {
  write(chunk: Uint8Array): Promise<void>;
  /** Raw DEFLATE; fflate's on the main thread unless the runtime has a better one. */
  deflate?: Deflate | undefined;
  cache?: PageCache | undefined;
}

/** Chapter pages made (or read from the cache) ahead of the one being written. */
const PAGES_AHEAD = 6;
/** Longest the builder keeps the event loop before letting other work run. */
const SLICE_MS = 10;

/** Lets other work run: a long story is many short tasks, not one long one. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const fflateDeflate: Deflate = async (bytes) => deflateSync(bytes, { level: 6 });
const encode = (text: string) => new TextEncoder().encode(text);

/**
 * Writes the book to `output` entry by entry; its length. OCF: `mimetype` first and stored, so a
 * reader can tell the file from its first bytes; the text deflated; images stored (JPEG, PNG and
 * GIF are compressed already), each once, after the first page that shows it. Every entry carries
 * the book's modified time, so an unchanged story gives the same bytes on every build.
 */
export async function writeStoryBook(input: StoryEpubInput, output: BookOutput): Promise<number> {
  const { story, profile, siteOrigin, readImage, readText } = input;
  const book: BookMetadata = {
    identifier: await storyBookId(story),
    title: xmlSafe(story.title),
    author: xmlSafe(profile.name),
    description: xmlSafe(story.description || truncate(markdownToPlainText(story.blurb).replace(/\s+/g, ' ').trim(), 500)),
    subjects: story.genres.map(xmlSafe),
    date: publicationDate(story),
    modified: lastModified(story),
    storyUrl: `${siteOrigin}${storyPath(story.slug)}/`,
    lastChapter: story.chapters.at(-1)?.chapter_number ?? 0,
  };
  const deflate = output.deflate ?? fflateDeflate;
  const images = new ImageEmbedder(readImage);
  const context = { images, links: bookLinks(story, siteOrigin, chapterFile), deflate };
  const zip = new ZipWriter((chunk) => output.write(chunk), new Date(book.modified));
  const addPage = async (name: string, page: BookPage) => {
    await zip.add(`EPUB/${name}`, page.entry);
    for (const image of page.images) {
      const bytes = images.claim(image);
      if (bytes) await zip.add(`EPUB/${image.href}`, storedEntry(bytes));
    }
  };
  const addText = async (name: string, text: string) => zip.add(name, await deflatedEntry(encode(text), deflate));

  await zip.add('mimetype', storedEntry(encode(EPUB_MEDIA_TYPE)));
  await addText('META-INF/container.xml', CONTAINER_XML);
  await addText('EPUB/style.css', STYLESHEET);
  const cover = await images.embed(story.cover, 'cover-image');
  await addPage('cover.xhtml', { entry: await deflatedEntry(encode(coverPage(book, cover)), deflate), images: cover ? [cover] : [] });
  const blurb = renderMarkdown(story.blurb || story.description);
  await addPage(
    'title.xhtml',
    await renderedPage(context, async (shown, links) => titlePage(book, await htmlToXhtml(blurb, shown, links))),
  );

  const chapters = story.chapters;
  const made = (index: number) => {
    const page = chapterBookPage(story, chapters[index]!, { ...context, readText, cache: output.cache });
    page.catch(() => {}); // awaited in its turn below; until then a failure must not count as unhandled
    return page;
  };
  const ahead = chapters.slice(0, PAGES_AHEAD).map((_, index) => made(index));
  let slice = performance.now();
  for (let index = 0; index < chapters.length; index++) {
    const page = await ahead.shift()!;
    if (index + PAGES_AHEAD < chapters.length) ahead.push(made(index + PAGES_AHEAD));
    await addPage(chapterFile(chapters[index]!.chapter_number), page);
    if (performance.now() - slice > SLICE_MS) {
      await yieldToEventLoop();
      slice = performance.now();
    }
  }

  const entries: ChapterEntry[] = chapters.map((chapter) => ({
    id: `chapter-${chapter.chapter_number}`,
    href: chapterFile(chapter.chapter_number),
    label: `Chapter ${chapter.chapter_number}: ${xmlSafe(chapter.title)}`,
  }));
  await addText('EPUB/nav.xhtml', navDocument(book, entries));
  await addText('EPUB/toc.ncx', ncxDocument(book, entries));
  const spine: TextItem[] = [
    { id: 'cover', href: 'cover.xhtml' },
    { id: 'title-page', href: 'title.xhtml' },
    { id: 'nav', href: 'nav.xhtml', properties: 'nav' },
    ...entries,
  ];
  await addText('EPUB/package.opf', packageDocument(book, spine, images.images, cover?.id ?? null));
  return zip.finish();
}

/** The whole book in memory (tests, and runtimes without files). */
export async function buildStoryEpub(input: StoryEpubInput): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const length = await writeStoryBook(input, { write: async (chunk) => void chunks.push(chunk) });
  const book = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    book.set(chunk, offset);
    offset += chunk.length;
  }
  return book;
}
