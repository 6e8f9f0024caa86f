// Writes brotli (.br) and gzip (.gz) copies next to the compressible files of a finished build,
// so the server sends compressed bytes without compressing per request (static-site.ts picks
// the copy from Accept-Encoding, as nginx's gzip_static/brotli_static do).
//
// Quality is a trade-off measured on a 1,000-chapter build (50 MB of HTML, 2 cores): brotli
// quality 11 took 66 s, quality 6 2 s for output 10% larger. Pages are made at every publish and
// 10,000 of them at a full build, so they get brotli 5 and gzip 6: on a 60 KB chapter page 1.37 ms
// and 1.13 ms against 1.51 ms and 1.33 ms for brotli 6 and gzip 9, for copies 0.6% and 0.1%
// larger. The few hashed assets under /_astro/ (every visitor fetches them) get brotli 11 and gzip 9.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|xml|svg|txt|webmanifest|map)$/i;
/** Below this a compressed copy saves less than a network packet. */
export const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  br: number;
  gz: number;
}

/** Compresses every compressible file of at least MIN_BYTES under `dir`; keeps a copy only when it is smaller. */
export async function precompressSite(dir: string): Promise<PrecompressResult> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const copies = await precompressFiles(files, dir);
  return {
    files: files.length,
    br: copies.filter((copy) => copy.endsWith('.br')).length,
    gz: copies.filter((copy) => copy.endsWith('.gz')).length,
  };
}

/**
 * Compresses the compressible files of `files` (inside the site folder `root`), one per core at a
 * time; returns the copies written. A publish that renders a few pages compresses only those.
 */
export async function precompressFiles(files: readonly string[], root: string): Promise<string[]> {
  const queue = files.filter((file) => COMPRESSIBLE.test(file));
  const copies: string[] = [];
  // zlib's async calls run on libuv's thread pool: one file per core keeps every core busy.
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const written = await precompressFile(file, path.relative(root, file).startsWith(`_astro${path.sep}`) ? ASSET_QUALITY : PAGE_QUALITY);
      if (written.br) copies.push(`${file}.br`);
      if (written.gz) copies.push(`${file}.gz`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  return copies;
}

const PAGE_QUALITY = { brotli: 5, gzip: 6 };
const ASSET_QUALITY = { brotli: 11, gzip: 9 };

async function precompressFile(file: string, quality: typeof PAGE_QUALITY): Promise<{ br: boolean; gz: boolean }> {
  const original = await fs.readFile(file);
  if (original.length < MIN_BYTES) return { br: false, gz: false };
  const [br, gz] = await Promise.all([
    brotliCompress(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: quality.gzip }),
  ]);
  const keep = async (copy: Buffer, suffix: string) => {
    if (copy.length >= original.length) return false;
    // Beside, then renamed over: a copy already there may be a file the served site shares (site-links.ts).
    await fs.writeFile(`${file}${suffix}.tmp`, copy);
    await fs.rename(`${file}${suffix}.tmp`, file + suffix);
    return true;
  };
  const [wroteBr, wroteGz] = await Promise.all([keep(br, '.br'), keep(gz, '.gz')]);
  return { br: wroteBr, gz: wroteGz };
}
