// A page of the book as a finished ZIP entry, and the images it shows. A chapter's page can be kept
// between publishes (the caller's PageCache): it is found again by what it is made from
// (chapterPageKey) and used only if every image and link it looked up still gives what it gave, so
// a kept page is byte for byte the page a new one would be. An unchanged chapter then costs a read
// instead of Markdown, XHTML and compression.
import { chapterBodyHtml } from '../chapter-body.ts';
import type { ReadChapterText, SnapshotChapter, SnapshotStory } from '../snapshot.ts';
import { chapterPage } from './documents.ts';
import type { EmbeddedImage, EmbedImage } from './images.ts';
import type { BookLinks } from './links.ts';
import { htmlToXhtml } from './xhtml.ts';
import { xmlSafe } from './xml.ts';
import { type Deflate, deflatedEntry, type ZipEntryData } from './zip.ts';

/** What a page looked up and what each lookup gave: [image address, its href or null], [link, its target or null]. */
export interface PageLookups {
  images: [string, string | null][];
  links: [string, string | null][];
}

export interface CachedPage extends PageLookups {
  entry: ZipEntryData;
}

/**
 * Where chapter pages are kept between builds; `get` gives null for a page it does not have, cannot
 * read, or that other code made (the key does not name the code: the cache must).
 */
export interface PageCache {
  get(key: string): Promise<CachedPage | null>;
  set(key: string, page: CachedPage): Promise<void>;
}

/**
 * Everything a chapter's page depends on besides its lookups: the chapter's id and updated_at
 * (every save changes it, so it names the text and the notes), its number, title and content
 * warnings, and the story's page-break image.
 */
export function chapterPageKey(story: Pick<SnapshotStory, 'breakImage'>, chapter: SnapshotChapter): string {
  const { id, updated_at, chapter_number, title, content_warnings } = chapter;
  return JSON.stringify([id, updated_at, chapter_number, title, content_warnings, story.breakImage]);
}

export interface BookPage {
  entry: ZipEntryData;
  /** The embedded images it shows, in the order it shows them. */
  images: EmbeddedImage[];
}

export interface PageContext {
  images: EmbedImage;
  links: BookLinks;
  deflate: Deflate;
}

/** A page made from `render`, which shows images and follows links through what it is given, and what those lookups gave. */
export async function renderedPage(
  context: PageContext,
  render: (images: EmbedImage, links: BookLinks) => Promise<string>,
): Promise<BookPage & { lookups: PageLookups }> {
  const lookups: PageLookups = { images: [], links: [] };
  const shown: (EmbeddedImage | null)[] = [];
  const images: EmbedImage = {
    embed: async (address) => {
      const slot = lookups.images.push([address, null]) - 1;
      const image = await context.images.embed(address);
      lookups.images[slot]![1] = image?.href ?? null;
      shown[slot] = image;
      return image;
    },
  };
  const links: BookLinks = (href) => {
    const target = context.links(href);
    lookups.links.push([href, target]);
    return target;
  };
  const xhtml = await render(images, links);
  const entry = await deflatedEntry(new TextEncoder().encode(xhtml), context.deflate);
  return { entry, images: shown.filter((image) => image !== null), lookups };
}

/** The kept page's images when every lookup still gives what it gave, else null. */
async function stillValid(page: CachedPage, context: PageContext): Promise<EmbeddedImage[] | null> {
  if (page.links.some(([href, target]) => context.links(href) !== target)) return null;
  const images = await Promise.all(page.images.map(([address]) => context.images.embed(address)));
  if (images.some((image, index) => (image?.href ?? null) !== page.images[index]![1])) return null;
  return images.filter((image) => image !== null);
}

export async function chapterBookPage(
  story: SnapshotStory,
  chapter: SnapshotChapter,
  context: PageContext & { readText: ReadChapterText; cache?: PageCache | undefined },
): Promise<BookPage> {
  const key = chapterPageKey(story, chapter);
  const cached = context.cache ? await context.cache.get(key) : null;
  const images = cached && (await stillValid(cached, context));
  if (cached && images) return { entry: cached.entry, images };
  const text = await context.readText(chapter);
  // The web page's warnings, notes and text, without what XML cannot hold (before Markdown
  // turns a NUL into a replacement character).
  const parts = {
    content: xmlSafe(text.content),
    note_before: xmlSafe(text.note_before),
    note_after: xmlSafe(text.note_after),
    content_warnings: chapter.content_warnings.map(xmlSafe),
  };
  const page = await renderedPage(context, async (images, links) =>
    chapterPage(chapter.chapter_number, xmlSafe(chapter.title), await htmlToXhtml(chapterBodyHtml(parts, story.breakImage), images, links)),
  );
  await context.cache?.set(key, { entry: page.entry, ...page.lookups });
  return page;
}
