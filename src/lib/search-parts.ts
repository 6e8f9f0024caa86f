// A search across the parts of the index (docs/product.md, The search index in parts), shared by
// the reader's search (src/scripts/search-dialog.ts) and the tests and bench that ask a written
// index (scripts/test/pagefind-search.ts). Pagefind searches each merged index on its own: a
// part that lacks a word answers with a shorter word it has ("amber" finds every "a"), or leaves
// the word out. One index of the whole site did so only for a word no chapter has; the parts
// must answer as it did, so the parts that lack a word the others have are left out.

/** The filter every page of a part carries, valued with the part's folder (Pagefind's mergeFilter). */
const PART_FILTER = 'part';

export interface PagefindResult<D> {
  id: string;
  data(): Promise<D>;
}
interface PagefindSearch<D> {
  results: PagefindResult<D>[];
  filters?: Record<string, Record<string, number> | undefined>;
}
/** What of Pagefind's script this uses, in the page and under Node alike. */
export interface PagefindParts<D> {
  mergeIndex(path: string, options?: Record<string, unknown>): Promise<void>;
  search(query: string, options?: Record<string, unknown>): Promise<PagefindSearch<D> | null>;
}

/** Merges the parts (folders ending in '/'), each with `options` (Pagefind gives a merged index options of its own). */
export async function mergeParts<D>(pagefind: PagefindParts<D>, parts: readonly string[], options: Record<string, unknown> = {}) {
  await Promise.all(parts.map((part) => pagefind.mergeIndex(part, { ...options, mergeFilter: { [PART_FILTER]: part } })));
}

const inParts = (parts: readonly string[]) => ({ filters: { [PART_FILTER]: { any: parts } } });

/**
 * The results of `query` across `parts` (all merged), best first. A quoted phrase needs every word
 * in each part already; otherwise each word is first looked up as a whole word, and where some
 * parts have it, only those are searched. Only pages of a part come back, never the index that
 * Pagefind's script opens first (it holds no chapter).
 */
export async function searchAcrossParts<D>(
  pagefind: PagefindParts<D>,
  query: string,
  parts: readonly string[],
): Promise<PagefindResult<D>[]> {
  let searched = parts;
  if (parts.length === 0) return [];
  if (!/^\s*".+"\s*$/.test(query)) {
    const words = [
      ...new Set(
        query
          .replace(/"/g, ' ')
          .split(/\s+/)
          .filter((word) => word !== ''),
      ),
    ];
    const having = await Promise.all(
      words.map(async (word) => {
        const counts = (await pagefind.search(`"${word}"`, inParts(parts)))?.filters?.[PART_FILTER] ?? {};
        return parts.filter((part) => (counts[part] ?? 0) > 0);
      }),
    );
    // A word no part has as a whole (a beginning typed, a word of no chapter) narrows nothing: each part answers as Pagefind does.
    for (const found of having) if (found.length > 0) searched = searched.filter((part) => found.includes(part));
    if (searched.length === 0) return [];
  }
  return (await pagefind.search(query, inParts(searched)))?.results ?? [];
}
