// Searches a written Pagefind index from Node, with the same pagefind.js a reader's browser loads
// (scripts/server/search-index.ts writes it): the tests ask the built index, not its files.
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
      (bytes) => new Response(bytes),
      () => new Response(null, { status: 404 }),
    );
  }) as typeof fetch;
}

/** A search over the index in `indexDir`, plus the indexes in `mergedDirs` (as the reader's search merges them). */
export async function openSearch(indexDir: string, mergedDirs: readonly string[] = []): Promise<(query: string) => Promise<SearchHit[]>> {
  installFileFetch();
  const pagefind = (await import(pathToFileURL(`${indexDir}/pagefind.js`).href)) as PagefindModule;
  await pagefind.options({ baseUrl: '/' });
  for (const dir of mergedDirs) await pagefind.mergeIndex(pathToFileURL(`${dir}/`).href);
  return async (query) => {
    const found = await pagefind.search(query);
    const hits = await Promise.all((found?.results ?? []).map((result) => result.data()));
    // Under Node the bundle's address is a file: URL, which Pagefind keeps in front of the path.
    return hits.map(({ url, meta, excerpt }) => ({ url: url.slice(url.indexOf('/storytime/')), meta, excerpt }));
  };
}
