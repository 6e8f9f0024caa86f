// Searches a written Pagefind index from Node, with the same pagefind.js a reader's browser loads
// (scripts/server/search-index.ts writes it): the tests ask the built index, not its files, and
// `npm run bench:search` counts what a search reads.
import fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

export interface SearchHit {
  /** The page's path, as the result links it. */
  url: string;
  meta: Record<string, string>;
  excerpt: string;
}

interface PagefindResult {
  data(): Promise<{ url: string; meta: Record<string, string>; excerpt: string }>;
}
interface PagefindModule {
  options(options: Record<string, unknown>): Promise<void>;
  mergeIndex(path: string): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
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

/**
 * A search over the index in `indexDir`, plus the indexes in `mergedDirs` (as the reader's search
 * merges them): a fresh Pagefind each time, as a reader who opens the search meets it. A search
 * reads the excerpts of its first `shown` results only, as the reader's search does.
 */
export async function openSearch(
  indexDir: string,
  mergedDirs: readonly string[] = [],
): Promise<(query: string, shown?: number) => Promise<SearchHit[]>> {
  installFileFetch();
  const script = pathToFileURL(`${indexDir}/pagefind.js`);
  script.search = `instance=${++instances}`;
  const pagefind = (await import(script.href)) as PagefindModule;
  await pagefind.options({ baseUrl: '/' });
  for (const dir of mergedDirs) await pagefind.mergeIndex(pathToFileURL(`${dir}/`).href);
  return async (query, shown = Number.POSITIVE_INFINITY) => {
    const found = await pagefind.search(query);
    const hits = await Promise.all((found?.results ?? []).slice(0, shown).map((result) => result.data()));
    // Under Node the bundle's address is a file: URL, which Pagefind keeps in front of the path.
    return hits.map(({ url, meta, excerpt }) => ({ url: url.slice(url.indexOf('/storytime/')), meta, excerpt }));
  };
}
