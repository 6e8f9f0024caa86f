// The EPUB step of the static build: one book per published story that has chapters, written
// beside the story's page (/storytime/story/{slug}/{slug}.epub) so it is served as a plain file.
// The images come from the uploads (the Storage the API writes to) and the project's public/
// folder; web addresses are never fetched (the book shows their alt text). WebP, which EPUB 3.2
// reading systems need not show, is converted here, where sharp is at hand. The book is written to
// its file as it is made, compressed in zlib's threads, its chapter pages kept between publishes
// when the caller gives a folder for them (./epub-cache.ts).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { Storage } from '#core/storage.ts';
import { type Deflate, type ImageFile, type ReadImage, storyEpubPath, writeStoryBook } from '#lib/epub/index.ts';
import { sniffImageType } from '#lib/epub/images.ts';
import type { AuthorProfile } from '#lib/profile.ts';
import { siteOrigin } from '#lib/seo.ts';
import { SLUG_PATTERN } from '#lib/slugs.ts';
import type { ContentSnapshot, ReadChapterText, SnapshotStory } from '#lib/snapshot.ts';
import { uploadKeyOf } from '#lib/upload-paths.ts';
import { pageCacheIn } from './epub-cache.ts';

export { removeUnusedEpubCache } from './epub-cache.ts';

/** A guard against decompression bombs among uploads: never decode more than this. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Conversions kept by the reader, by the SHA-256 of what was converted: a publish converts only new images. */
const CONVERTED_BYTES = 64 * 1024 * 1024;

/** Reads site images for books: `/api/uploads/...` from `storage`, any other site path from `publicDir`. */
export function siteImageReader(options: { publicDir: string; storage: Storage | null }): ReadImage {
  const publicDir = path.resolve(options.publicDir);
  const converted = new LRUCache<string, ImageFile>({ maxSize: CONVERTED_BYTES, sizeCalculation: (image) => image.bytes.length || 1 });
  const readFile = async (sitePath: string): Promise<Uint8Array | null> => {
    const key = uploadKeyOf(sitePath);
    if (key !== null) return options.storage ? ((await options.storage.get(key))?.body ?? null) : null;
    const file = path.resolve(publicDir, `.${sitePath}`);
    if (!file.startsWith(publicDir + path.sep)) return null;
    return new Uint8Array(await fs.readFile(file));
  };
  const asCoreImage = async (bytes: Uint8Array): Promise<ImageFile> => {
    const mediaType = sniffImageType(bytes);
    if (mediaType) return { bytes, mediaType };
    const hash = createHash('sha256').update(bytes).digest('hex');
    const image = converted.get(hash) ?? (await convert(bytes));
    converted.set(hash, image);
    return image;
  };
  return async (sitePath) => {
    try {
      const bytes = await readFile(sitePath);
      return bytes ? await asCoreImage(bytes) : null;
    } catch {
      return null; // unsafe key, missing file, undecodable image: the book shows the alt text
    }
  };
}

/** Anything sharp can decode (WebP) as PNG when it has transparency, else JPEG. */
async function convert(bytes: Uint8Array): Promise<ImageFile> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { hasAlpha } = await image.metadata();
  const converted = hasAlpha ? await image.png().toBuffer() : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return { bytes: new Uint8Array(converted), mediaType: hasAlpha ? 'image/png' : 'image/jpeg' };
}

/** Node's zlib in the libuv thread pool: compression runs beside the main thread, on the other core. */
const deflateRaw = promisify(zlib.deflateRaw);
const deflate: Deflate = (bytes) => deflateRaw(bytes, { level: 6 });

/** Bytes gathered before a write: a book is thousands of small pieces. */
const WRITE_BUFFER = 256 * 1024;

/**
 * Writes `book` into `file` through a temporary file beside it, renamed into place when complete:
 * never into the file itself, which may be a hard link to the copy readers are served.
 */
async function writeFileFrom(file: string, book: (write: (chunk: Uint8Array) => Promise<void>) => Promise<unknown>): Promise<number> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const incoming = `${file}.${randomUUID().slice(0, 8)}.tmp`;
  const handle = await fs.open(incoming, 'w');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let written = 0;
  const flush = async () => {
    const chunks = pending;
    pending = [];
    pendingBytes = 0;
    const bytes = Buffer.concat(chunks);
    await handle.writeFile(bytes); // all of it, from where the last write ended
    written += bytes.length;
  };
  try {
    await book(async (chunk) => {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= WRITE_BUFFER) await flush();
    });
    await flush();
    await handle.close();
    await fs.rename(incoming, file);
    return written;
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.rm(incoming, { force: true });
    throw error;
  }
}

export interface StoryEpubOptions {
  profile: AuthorProfile;
  /** The address the site is built for; the profile's domain wins (src/lib/seo.ts). */
  siteUrl: string;
  readImage: ReadImage;
  readText: ReadChapterText;
  /** Where chapter pages are kept between publishes (./epub-cache.ts); none: every page is made. */
  cacheDir?: string | undefined;
}

/**
 * Writes the story's book into the built site at `siteDir`, beside the story's page; null when the
 * story has no book (no published chapters, or a slug that is not one, since it becomes a path).
 *
 * The book's bytes depend on, and only on: the story's id, created_at, updated_at, slug, title,
 * description, blurb, genres, cover, breakImage and redirects; each chapter's id, chapter_number,
 * title, updated_at (which names its text and notes), published_at and content_warnings; the
 * profile's name; the site's origin (profile.site_domain, else `siteUrl`); and the bytes of the
 * images it shows. Whatever else changes, the book need not be written again.
 */
export async function writeStoryEpub(
  siteDir: string,
  story: SnapshotStory,
  options: StoryEpubOptions,
): Promise<{ bytes: number; ms: number } | null> {
  if (story.chapters.length === 0 || !SLUG_PATTERN.test(story.slug)) return null;
  const started = performance.now();
  const { profile, readImage, readText, cacheDir } = options;
  const input = { story, profile, siteOrigin: siteOrigin(profile.site_domain, new URL(options.siteUrl)), readImage, readText };
  const cache = cacheDir === undefined ? undefined : pageCacheIn(cacheDir);
  const file = path.join(siteDir, ...storyEpubPath(story.slug).split('/'));
  const bytes = await writeFileFrom(file, (write) => writeStoryBook(input, { write, deflate, cache }));
  return { bytes, ms: Math.round(performance.now() - started) };
}

export interface EpubStepResult {
  books: number;
  bytes: number;
  ms: number;
}

/** Writes the books of `snapshot` into the built site at `siteDir`, keeping chapter pages in `cacheDir` when given. */
export async function writeStoryEpubs(
  siteDir: string,
  snapshot: ContentSnapshot,
  siteUrl: string,
  readImage: ReadImage,
  readText: ReadChapterText,
  cacheDir?: string,
): Promise<EpubStepResult> {
  const started = performance.now();
  const result: EpubStepResult = { books: 0, bytes: 0, ms: 0 };
  // One story at a time: a book is written in short steps, in the memory of a few chapters.
  for (const story of snapshot.stories) {
    const book = await writeStoryEpub(siteDir, story, { profile: snapshot.profile, siteUrl, readImage, readText, cacheDir });
    if (!book) continue;
    result.books += 1;
    result.bytes += book.bytes;
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
