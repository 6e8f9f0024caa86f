// Writes brotli (.br) and gzip (.gz) copies next to the compressible files of a finished build,
// so the server sends compressed bytes without compressing per request (static-site.ts picks
// the copy from Accept-Encoding, as nginx's gzip_static/brotli_static do).
//
// Brotli quality is a trade-off measured on a 1,000-chapter build (50 MB of HTML, 2 cores):
// quality 11 took 66 s, quality 6 2 s for output 10% larger. Pages are rebuilt on every publish,
// so they get quality 6; the few hashed assets under /_astro/ (every visitor fetches them) get
// 11 (+0.3 s). The whole step took 4.4 s on that build (astro build itself: ~16 s).
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
      const written = await precompressFile(file, path.relative(root, file).startsWith(`_astro${path.sep}`) ? 11 : 6);
      if (written.br) copies.push(`${file}.br`);
      if (written.gz) copies.push(`${file}.gz`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  return copies;
}

async function precompressFile(file: string, brotliQuality: number): Promise<{ br: boolean; gz: boolean }> {
  const original = await fs.readFile(file);
  if (original.length < MIN_BYTES) return { br: false, gz: false };
  const [br, gz] = await Promise.all([
    brotliCompress(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: 9 }),
  ]);
  const keep = async (copy: Buffer, suffix: string) => {
    if (copy.length >= original.length) return false;
    await fs.writeFile(file + suffix, copy);
    return true;
  };
  const [wroteBr, wroteGz] = await Promise.all([keep(br, '.br'), keep(gz, '.gz')]);
  return { br: wroteBr, gz: wroteGz };
}
