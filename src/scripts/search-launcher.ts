// Wires the search button and box (src/components/SiteSearch.astro): loads the
// search (src/scripts/search-dialog.ts) when the reader uses one. Called by the script of each
// reader page (story list, story, chapter); it shares their chunk instead of costing the chapter
// page a request of its own (its budget: docs/product.md, Speed and capacity), so it does nothing
// until called: other pages load that chunk too (astro.config.mjs).
import type { SearchIndexes } from './search-dialog.ts';

const open = async (query: string, indexes: SearchIndexes) => (await import('./search-dialog.ts')).openSearch(query, indexes);

/** Wires the page's search button and box, and lands on the words a search result led to. */
export function wireSearch(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-search-open]')) {
    button.addEventListener('click', () => open('', button.dataset));
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-search-form]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      open(String(new FormData(form).get('q') ?? ''), form.dataset);
    });
  }
  // Arrived from a search result (or followed one to this same page): land on the words it matched.
  const land = () => location.hash.startsWith('#find=') && import('./search-landing.ts').then((landing) => landing.landOnMatch());
  land();
  window.addEventListener('hashchange', land);
}
