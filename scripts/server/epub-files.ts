// The EPUB step of the static build: one book per published story that has chapters, written
// beside the story's page (/storytime/story/{slug}/{slug}.epub) so it is served as a plain file.
// The images come from the uploads (the Storage the API writes to) and the project's public/
// folder; web addresses are never fetched (the book shows their alt text). WebP, which EPUB 3.2
// reading systems need not show, is converted here, where sharp is at hand.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Storage } from '#core/storage.ts';
import { buildStoryEpub, type ImageFile, type ReadImage, storyEpubPath } from '#lib/epub/index.ts';
import { sniffImageType } from '#lib/epub/images.ts';
import { siteOrigin } from '#lib/seo.ts';
import { SLUG_PATTERN } from '#lib/slugs.ts';
import type { ContentSnapshot, ReadChapterText } from '#lib/snapshot.ts';
import { uploadKeyOf } from '#lib/upload-paths.ts';

/** A guard against decompression bombs among uploads: never decode more than this. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Reads site images for books: `/api/uploads/...` from `storage`, any other site path from `publicDir`. */
export function siteImageReader(options: { publicDir: string; storage: Storage | null }): ReadImage {
  const publicDir = path.resolve(options.publicDir);
  const readFile = async (sitePath: string): Promise<Uint8Array | null> => {
    const key = uploadKeyOf(sitePath);
    if (key !== null) return options.storage ? ((await options.storage.get(key))?.body ?? null) : null;
    const file = path.resolve(publicDir, `.${sitePath}`);
    if (!file.startsWith(publicDir + path.sep)) return null;
    return new Uint8Array(await fs.readFile(file));
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

/** JPEG, PNG and GIF as they are; anything else sharp can decode (WebP) as PNG when it has transparency, else JPEG. */
async function asCoreImage(bytes: Uint8Array): Promise<ImageFile> {
  const mediaType = sniffImageType(bytes);
  if (mediaType) return { bytes, mediaType };
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { hasAlpha } = await image.metadata();
  const converted = hasAlpha ? await image.png().toBuffer() : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return { bytes: new Uint8Array(converted), mediaType: hasAlpha ? 'image/png' : 'image/jpeg' };
}

export interface EpubStepResult {
  books: number;
  bytes: number;
  ms: number;
}

/** Writes the books of `snapshot` into the built site at `siteDir`. */
export async function writeStoryEpubs(
  siteDir: string,
  snapshot: ContentSnapshot,
  siteUrl: string,
  readImage: ReadImage,
  readText: ReadChapterText,
): Promise<EpubStepResult> {
  const started = performance.now();
  const origin = siteOrigin(snapshot.profile.site_domain, new URL(siteUrl));
  const result: EpubStepResult = { books: 0, bytes: 0, ms: 0 };
  // One story at a time: a book is built in short steps, and one at a time keeps the memory small.
  // The database holds only SLUG_PATTERN slugs; checked again because the slug becomes a path.
  for (const story of snapshot.stories.filter((candidate) => candidate.chapters.length > 0 && SLUG_PATTERN.test(candidate.slug))) {
    const file = path.join(siteDir, ...storyEpubPath(story.slug).split('/'));
    const book = await buildStoryEpub({ story, profile: snapshot.profile, siteOrigin: origin, readImage, readText });
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, book);
    result.books += 1;
    result.bytes += book.length;
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
