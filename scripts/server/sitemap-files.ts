// Writes the sitemap of a publish (/sitemap-index.xml and /sitemap-N.xml) from the pages the
// render service lists, with what src/lib/sitemap.ts leaves out and the times it gives. Written at
// every publish, full or incremental, from the whole list of pages: it is small next to the pages.
import fs from 'node:fs/promises';
import path from 'node:path';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import { SITEMAP_INDEX_PATH, sitemapOptions } from '#lib/sitemap.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';

/** Addresses per sitemap file; the protocol allows 50,000. */
const PER_FILE = 45_000;

/** `pages`: the path of every page (not feeds or other files), without a trailing slash. */
export async function writeSitemap(siteDir: string, origin: string, pages: readonly string[], content: ContentSnapshot): Promise<string[]> {
  const { filter, serialize } = sitemapOptions(content);
  const items = pages
    .map((page) => ({ url: `${origin}${page === '/' ? '/' : `${page}/`}` }))
    .filter((item) => filter(item.url))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    .map(serialize);
  const files: string[] = [];
  const index = new SitemapIndexStream();
  const indexXml = streamToPromise(index);
  for (let start = 0, n = 0; start === 0 || start < items.length; start += PER_FILE, n++) {
    const name = `sitemap-${n}.xml`;
    const stream = new SitemapStream();
    const xml = streamToPromise(stream);
    for (const item of items.slice(start, start + PER_FILE)) stream.write(item);
    stream.end();
    await fs.writeFile(path.join(siteDir, name), await xml);
    files.push(name);
    index.write({ url: `${origin}/${name}` });
  }
  index.end();
  const indexFile = SITEMAP_INDEX_PATH.slice(1);
  await fs.writeFile(path.join(siteDir, indexFile), await indexXml);
  return [indexFile, ...files];
}
