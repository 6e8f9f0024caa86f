// Which chapters the reader's search covers, and where their index lies (docs/decisions/0046-search-with-pagefind.md,
// docs/product.md, The search index in parts): stories behind the 18+ confirmation are indexed
// apart, searched only once the reader confirmed. Shared by the index builder
// (scripts/server/search-index.ts) and the pages that offer the search (src/components/SiteSearch.astro),
// so a page never asks for a listing that was not written.
import { showsAgeGate } from './adult-content.ts';
import type { SnapshotStory } from './snapshot.ts';

/** Pagefind's script, worker and WebAssembly, once for the site, with the general parts under it. */
export const SEARCH_INDEX_PATH = '/pagefind/';
/** The parts of the stories behind the 18+ confirmation. */
export const ADULT_SEARCH_INDEX_PATH = '/pagefind-adult/';
/** Each of the two folders lists its parts in this file (not written when it has none). */
export const SEARCH_LISTING_FILE = 'parts.json';

/** What a listing file holds: the folders of its parts (src/lib/search-parts.ts merges them), each ending in '/'. */
export interface SearchListing {
  parts: string[];
}

export interface SearchScope<S> {
  /** Stories anyone may search (with at least one chapter). */
  general: S[];
  /** Stories searched only after the 18+ confirmation (with at least one chapter). */
  adult: S[];
}

export function searchScope<S extends Pick<SnapshotStory, 'chapters' | 'target_audience' | 'age_gate' | 'genres'>>(
  stories: readonly S[],
): SearchScope<S> {
  const searchable = stories.filter((story) => story.chapters.length > 0);
  return { general: searchable.filter((story) => !showsAgeGate(story)), adult: searchable.filter((story) => showsAgeGate(story)) };
}
