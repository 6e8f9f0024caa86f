// Searches a written Pagefind index from Node, with the same pagefind.js and parts a reader's
// browser loads (scripts/server/search-index.ts writes them): the tests ask the built index, not
// its files, and `npm run bench:search` counts what a search reads.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mergeParts, type PagefindParts, searchAcrossParts } from '#lib/search-parts.ts';
import { ADULT_SEARCH_INDEX_PATH, SEARCH_INDEX_PATH, SEARCH_LISTING_FILE, type SearchListing } from '#lib/search-scope.ts';

export interface SearchHit {
  /** The page's path, as the result links it. */
  url: string;
  meta: Record<string, string>;
  excerpt: string;
}

interface PagefindModule extends PagefindParts<SearchHit> {
  options(options: Record<string, unknown>): Promise<void>;
}

/** Told of every file a search reads: its path and size. */
export type FileReadListener = (file: string, bytes: number) => void;
const listeners = new Set<FileReadListener>();
let fileFetchInstalled = false;

/** pagefind.js fetches its index beside itself; under Node that is a file: URL, which fetch cannot read. */
function installFileFetch(): void {
  if (fileFetchInstalled) return;
  fileFetchInstalled = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'file:') return networkFetch(input, init);
    return fs.readFile(url).then(
      (bytes) => {
        for (const listener of listeners) listener(url.pathname, bytes.length);
        return new Response(bytes);
      },
      () => new Response(null, { status: 404 }),
    );
  }) as typeof fetch;
}

/** Calls `listener` for every file a search reads until the returned function is called. */
export function watchFileReads(listener: FileReadListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let instances = 0;

/** The parts a listing names (none when the folder has no listing). */
async function listedParts(siteDir: string, folder: string): Promise<string[]> {
  const text = await fs.readFile(path.join(siteDir, folder, SEARCH_LISTING_FILE), 'utf8').catch(() => null);
  return text === null ? [] : (JSON.parse(text) as SearchListing).parts;
}

/**
 * A search over the index the site in `siteDir` publishes, as the reader's search asks it
 * (src/lib/search-parts.ts): Pagefind's script from SEARCH_INDEX_PATH with every part its listing
 * names merged, and those of the adult listing too when `adult` (once the reader confirmed 18+).
 * A fresh Pagefind each time, as a reader who opens the search meets it. A search reads the
 * excerpts of its first `shown` results only, as the reader's search does.
 */
export async function openSearch(
  siteDir: string,
  { adult = false }: { adult?: boolean } = {},
): Promise<(query: string, shown?: number) => Promise<SearchHit[]>> {
  installFileFetch();
  const folders = adult ? [SEARCH_INDEX_PATH, ADULT_SEARCH_INDEX_PATH] : [SEARCH_INDEX_PATH];
  const listed = (await Promise.all(folders.map((folder) => listedParts(siteDir, folder)))).flat();
  const script = pathToFileURL(path.join(siteDir, SEARCH_INDEX_PATH, 'pagefind.js'));
  script.search = `instance=${++instances}`;
  const pagefind = (await import(script.href)) as PagefindModule;
  await pagefind.options({ baseUrl: '/' });
  const parts = listed.map((part) => pathToFileURL(path.join(siteDir, part)).href);
  await mergeParts(pagefind, parts);
  return async (query, shown = Number.POSITIVE_INFINITY) => {
    const found = await searchAcrossParts(pagefind, query, parts);
    const hits = await Promise.all(found.slice(0, shown).map((result) => result.data()));
    // Under Node the bundle's address is a file: URL, which Pagefind keeps in front of the path.
    return hits.map(({ url, meta, excerpt }) => ({ url: url.slice(url.indexOf('/storytime/')), meta, excerpt }));
  };
}
