// Which chapters the reader's search covers, and in which index (docs/decisions/0046-search-with-pagefind.md):
// stories behind the 18+ confirmation get an index of their own, searched only once the reader
// confirmed. Shared by the index builder (scripts/server/search-index.ts) and the pages that
// offer the search (src/components/SiteSearch.astro), so a page never asks for an index that
// was not written: Pagefind cannot open an index of no pages.
import { showsAgeGate } from './adult-content.ts';
import type { SnapshotStory } from './snapshot.ts';

/** The two index folders at the site's root. */
export const SEARCH_INDEX_PATH = '/pagefind/';
export const ADULT_SEARCH_INDEX_PATH = '/pagefind-adult/';

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
