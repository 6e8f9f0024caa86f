// What one published build folder holds, read once: the URL path of every file, its precompressed
// copies (precompress.ts), and, on first use, each copy's size, ETag and (for small files) bytes.
// A published folder never changes (site-publisher.ts builds every site in a fresh one and swaps
// the pointer), so nothing here is checked again; an unknown path is a map miss, never a
// file-system call, and no request path is ever joined onto the folder.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getMimeType } from 'hono/utils/mime';
import { mediaTypeForPath } from '#lib/site-media-types.ts';
import { manifestFiles, type PublishManifest } from './publish-plan.ts';

export type Encoding = 'br' | 'gzip';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Files up to this size are kept in memory, within a budget per folder; larger ones stream from
 * disk. Every publish is a new folder with an empty cache (and the old one's lingers until it is
 * collected), so the budget holds the pages read now, not the site: 16 MB is a few thousand
 * compressed pages, and the server stays within its memory budget (docs/product.md, Speed and capacity).
 */
const MAX_CACHED_FILE = 256 * 1024;
const CACHE_BUDGET = 16 * 1024 * 1024;

export interface Variant {
  size: number;
  /** Strong: a hash of the bytes for files read into memory, else size and mtime (the folder is immutable). */
  etag: string;
  /** The bytes when kept in memory, else a fresh stream of the file. */
  body(): Uint8Array<ArrayBuffer> | ReadableStream;
}

export interface SiteFile {
  readonly contentType: string;
  /** The precompressed copies there are, best first. */
  readonly encodings: readonly Encoding[];
  /** The copy for `encoding` (null: the original), or null when it cannot be read. */
  variant(encoding: Encoding | null): Promise<Variant | null>;
}

/** The lists of copies a file may have, made once (a large site's index holds 40,000 of them). */
const COPIES: readonly (readonly Encoding[])[] = [[], ['br'], ['gzip'], ['br', 'gzip']];
const urlPathOf = path.sep === '/' ? (file: string) => `/${file}` : (file: string) => `/${file.split(path.sep).join('/')}`;

export class SiteFiles {
  /**
   * Every file by URL path: where it is under the folder and its copies. Its SiteFile is made on
   * its first request: the index of a large site is made while readers wait for a new publish.
   */
  private readonly listed = new Map<string, { file: string; encodings: readonly Encoding[] }>();
  private readonly made = new Map<string, SiteFile>();
  private readonly root: string;
  private cacheLeft = CACHE_BUDGET;

  private constructor(root: string) {
    this.root = root;
  }

  /** Lists every regular file under `root` (symbolic links are left out), keyed by URL path. */
  static async index(root: string): Promise<SiteFiles> {
    const site = new SiteFiles(root);
    const files = new Set((await listedFiles(root)) ?? (await filesUnder(root)));
    const isCopy = (file: string) => ENCODINGS.some((e) => file.endsWith(SUFFIX[e]) && files.has(file.slice(0, -SUFFIX[e].length)));
    for (const file of files) {
      if (isCopy(file)) continue;
      const encodings = COPIES[(files.has(`${file}.br`) ? 1 : 0) + (files.has(`${file}.gz`) ? 2 : 0)]!;
      site.listed.set(urlPathOf(file), { file, encodings });
    }
    return site;
  }

  get(urlPath: string): SiteFile | undefined {
    let siteFile = this.made.get(urlPath);
    if (!siteFile) {
      const listed = this.listed.get(urlPath);
      if (!listed) return undefined;
      siteFile = this.siteFile(path.join(this.root, listed.file), urlPath, listed.encodings);
      this.made.set(urlPath, siteFile);
    }
    return siteFile;
  }

  private siteFile(file: string, urlPath: string, encodings: readonly Encoding[]): SiteFile {
    const loaded = new Map<Encoding | null, Promise<Variant | null>>();
    return {
      contentType: mediaTypeForPath(urlPath) ?? getMimeType(file) ?? 'application/octet-stream',
      encodings,
      variant: (encoding) => {
        let variant = loaded.get(encoding);
        if (!variant) {
          // A failed read is not remembered: the next request tries again.
          variant = this.load(encoding ? file + SUFFIX[encoding] : file).catch(() => {
            loaded.delete(encoding);
            return null;
          });
          loaded.set(encoding, variant);
        }
        return variant;
      },
    };
  }

  private async load(file: string): Promise<Variant> {
    const stats = await fs.stat(file);
    if (stats.size > MAX_CACHED_FILE) {
      const etag = `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
      return { size: stats.size, etag, body: () => Readable.toWeb(createReadStream(file)) as ReadableStream };
    }
    const bytes = await fs.readFile(file);
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    if (bytes.length <= this.cacheLeft) {
      this.cacheLeft -= bytes.length;
      return { size: bytes.length, etag, body: () => bytes };
    }
    return { size: bytes.length, etag, body: () => Readable.toWeb(createReadStream(file)) as ReadableStream };
  }
}

/** Every regular file under `root` (symbolic links are left out), relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * The files the publish that made `root` lists in its manifest beside it (site-builder.ts lists
 * every file it put there), relative to it, or null without one: listing 40,000 files of a large
 * site from the disk takes over a second, the manifest a few tens of milliseconds.
 */
async function listedFiles(root: string): Promise<string[] | null> {
  try {
    const manifest = JSON.parse(await fs.readFile(`${root}.publish.json`, 'utf8')) as PublishManifest;
    if (!Array.isArray(manifest.assets)) return null;
    return manifestFiles(manifest);
  } catch {
    return null;
  }
}
