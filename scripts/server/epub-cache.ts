// The chapter pages of the books, kept between publishes in a folder the caller gives (src/lib/epub/pages.ts
// says when a kept page is used): one file per page version, named after a hash of what the page is made
// from, holding the finished, compressed ZIP entry and what the page looked up. A file is written
// beside its name and renamed into place, so a killed server leaves no half-written page; a file that
// cannot be read or is not what its name promises is made again, and so is every page after the
// code that makes pages changes (code-version.ts). The cache only saves time: a page
// that cannot be kept (full disk) is simply made again next time.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CachedPage, chapterPageKey, type PageCache } from '#lib/epub/index.ts';
import type { SnapshotStory } from '#lib/snapshot.ts';
import { codeVersion } from './code-version.ts';

const SUFFIX = '.page';
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let thisCode: Promise<string> | null = null;

/** The file a page's key names, for this code (the server's publishing code: a new release never uses its predecessor's pages). */
async function pageFile(key: string): Promise<string> {
  thisCode ??= codeVersion([], projectRoot);
  const hash = createHash('sha256')
    .update(`${await thisCode}\n${key}`)
    .digest('hex');
  return `${hash.slice(0, 40)}${SUFFIX}`;
}

interface PageHeader extends Omit<CachedPage, 'entry'> {
  key: string;
  crc: number;
  size: number;
  deflated: boolean;
  /** Length of the entry's bytes after the header. */
  length: number;
}

/** [header length, 4 bytes LE][header JSON][the entry's bytes]. */
function encodePage(key: string, page: CachedPage): Uint8Array {
  const { entry, ...lookups } = page;
  const header: PageHeader = { key, crc: entry.crc, size: entry.size, deflated: entry.deflated, length: entry.data.length, ...lookups };
  const json = Buffer.from(JSON.stringify(header));
  const file = Buffer.alloc(4 + json.length + entry.data.length);
  file.writeUInt32LE(json.length, 0);
  json.copy(file, 4);
  file.set(entry.data, 4 + json.length);
  return file;
}

function decodePage(key: string, file: Buffer): CachedPage | null {
  const headerLength = file.readUInt32LE(0);
  const header = JSON.parse(file.toString('utf8', 4, 4 + headerLength)) as PageHeader;
  const data = file.subarray(4 + headerLength);
  if (header.key !== key || header.length !== data.length || !Array.isArray(header.images) || !Array.isArray(header.links)) return null;
  return {
    entry: { crc: header.crc, size: header.size, deflated: header.deflated, data },
    images: header.images,
    links: header.links,
  };
}

/** A PageCache in the folder `dir` (made when first written). */
export function pageCacheIn(dir: string): PageCache {
  let made: Promise<unknown> | null = null;
  return {
    async get(key) {
      try {
        return decodePage(key, await fs.readFile(path.join(dir, await pageFile(key))));
      } catch {
        return null; // not kept yet, or not readable: made again
      }
    },
    async set(key, page) {
      const file = path.join(dir, await pageFile(key));
      const incoming = `${file}.${randomUUID().slice(0, 8)}.tmp`;
      try {
        made ??= fs.mkdir(dir, { recursive: true });
        await made;
        await fs.writeFile(incoming, encodePage(key, page));
        await fs.rename(incoming, file);
      } catch {
        await fs.rm(incoming, { force: true }).catch(() => {});
      }
    },
  };
}

/**
 * Removes the kept pages no chapter of `stories` (every story of the site) uses any more: older
 * versions, deleted chapters, pages of earlier code, abandoned temporary files. Not while a book is written.
 */
export async function removeUnusedEpubCache(cacheDir: string, stories: readonly SnapshotStory[]): Promise<void> {
  const used = new Set(
    await Promise.all(stories.flatMap((story) => story.chapters.map((chapter) => pageFile(chapterPageKey(story, chapter))))),
  );
  const names = await fs.readdir(cacheDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !used.has(name)).map((name) => fs.rm(path.join(cacheDir, name), { force: true })));
}
