// The reader's search (docs/product.md, Search across the stories), loaded on first use by
// src/components/SiteSearch.astro: a dialog that asks the index written at publish time
// (scripts/server/search-index.ts) through Pagefind's own script, with every part of the index
// its listings name merged in, and lists story, chapter and excerpt, each linking to the match.
// Nothing here runs, and no index byte loads, before that.
import { hasConfirmedAdult } from '#lib/adult-content.ts';
import { cleanQuery, excerptParts, resultHref, SEARCH_QUERY_MAX } from '#lib/search-results.ts';
import { mergeParts, type PagefindParts, searchAcrossParts } from '#lib/search-parts.ts';
import { SEARCH_INDEX_PATH, SEARCH_LISTING_FILE, type SearchListing } from '#lib/search-scope.ts';

/** The index folders this page's build wrote (data-index, data-adult-index of the search button or box). */
export interface SearchIndexes {
  index?: string | undefined;
  adultIndex?: string | undefined;
}

interface PagefindData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}
interface Pagefind extends PagefindParts<PagefindData> {
  options(options: Record<string, unknown>): Promise<void>;
}

const RESULTS_SHOWN = 10;
const TYPING_PAUSE_MS = 250;
/** Set on every part merged too: Pagefind gives a merged index its own options. */
const PAGEFIND_OPTIONS = { excerptLength: 24 };

let dialog: HTMLDialogElement | null = null;
let pagefind: Promise<Pagefind | null> | null = null;
let adultMerged = false;
/** The parts merged so far; a search retried after a failure must not merge one twice (its results would show twice). */
const merged: string[] = [];
let latestQuery = '';

/** Merges every part the listing of `folder` names. */
async function mergeListing(loaded: Pagefind, folder: string): Promise<void> {
  const response = await fetch(`${folder}${SEARCH_LISTING_FILE}`);
  if (!response.ok) throw new Error(`${response.status} fetching the search's listing`);
  const parts = ((await response.json()) as SearchListing).parts.filter((part) => !merged.includes(part));
  merged.push(...parts);
  await mergeParts(loaded, parts, PAGEFIND_OPTIONS);
}

/** Pagefind with the parts the reader may search; the adult ones join once the reader confirmed 18+. */
async function loadPagefind({ index, adultIndex }: SearchIndexes): Promise<Pagefind | null> {
  const adultAllowed = Boolean(adultIndex) && hasConfirmedAdult();
  if (!index && !adultAllowed) return null;
  pagefind ??= import(/* @vite-ignore */ `${SEARCH_INDEX_PATH}pagefind.js`).then(async (module: Pagefind) => {
    await module.options(PAGEFIND_OPTIONS);
    if (index) await mergeListing(module, index);
    return module;
  });
  const loaded = await pagefind.catch((error: unknown) => {
    pagefind = null;
    throw error;
  });
  if (loaded && adultAllowed && !adultMerged) {
    adultMerged = true;
    await mergeListing(loaded, adultIndex!);
  }
  return loaded;
}

function resultItem(data: PagefindData): HTMLLIElement {
  const parts = excerptParts(data.excerpt);
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = resultHref(data.url, parts);
  for (const [className, text] of [
    ['search-story', data.meta['story']],
    ['search-chapter', data.meta['title']],
  ]) {
    const span = document.createElement('span');
    span.className = className!;
    span.textContent = text ?? '';
    link.append(span);
  }
  const excerpt = document.createElement('p');
  excerpt.className = 'search-excerpt';
  // Text nodes and <mark> elements only: nothing of the excerpt is parsed as HTML.
  for (const part of parts) {
    if (!part.marked) excerpt.append(part.text);
    else excerpt.append(Object.assign(document.createElement('mark'), { textContent: part.text }));
  }
  item.append(link, excerpt);
  return item;
}

async function runSearch(raw: string, indexes: SearchIndexes): Promise<void> {
  const query = cleanQuery(raw);
  latestQuery = query;
  const status = dialog!.querySelector<HTMLElement>('[data-search-status]')!;
  const list = dialog!.querySelector<HTMLOListElement>('[data-search-results]')!;
  if (query === '') {
    status.textContent = '';
    list.replaceChildren();
    return;
  }
  status.textContent = 'Searching…';
  try {
    const loaded = await loadPagefind(indexes);
    const results = loaded ? await searchAcrossParts(loaded, query, merged) : [];
    const shown = await Promise.all(results.slice(0, RESULTS_SHOWN).map((result) => result.data()));
    if (query !== latestQuery) return;
    const total = results.length;
    status.textContent =
      total === 0
        ? 'No chapter has these words.'
        : `${total} ${total === 1 ? 'chapter' : 'chapters'} found${total > shown.length ? `, the first ${shown.length} shown` : ''}.`;
    list.replaceChildren(...shown.map(resultItem));
  } catch {
    if (query !== latestQuery) return;
    status.textContent = 'Search is not available right now. Try again in a moment.';
    list.replaceChildren();
  }
}

function createDialog(indexes: SearchIndexes): HTMLDialogElement {
  const created = document.createElement('dialog');
  created.className = 'search-dialog';
  created.setAttribute('aria-label', 'Search the stories');
  const input = Object.assign(document.createElement('input'), {
    type: 'search',
    maxLength: SEARCH_QUERY_MAX,
    placeholder: 'Words or a “phrase” in any chapter',
    autocomplete: 'off',
  });
  input.setAttribute('aria-label', 'Search the stories');
  const close = Object.assign(document.createElement('button'), { type: 'button', className: 'btn', textContent: 'Close' });
  const head = document.createElement('div');
  head.className = 'search-head';
  head.append(input, close);
  const status = Object.assign(document.createElement('p'), { className: 'search-status' });
  status.setAttribute('role', 'status');
  status.dataset['searchStatus'] = '';
  const list = Object.assign(document.createElement('ol'), { className: 'search-results' });
  list.dataset['searchResults'] = '';
  created.append(head, status, list);

  let pause: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(pause);
    pause = setTimeout(() => void runSearch(input.value, indexes), TYPING_PAUSE_MS);
  });
  // Escape in a search field only empties it; here it closes the search, as everywhere else.
  input.addEventListener('keydown', (event) => event.key === 'Escape' && created.close());
  close.addEventListener('click', () => created.close());
  // A result in the page already open only changes its fragment: the dialog must not stay over it.
  list.addEventListener('click', (event) => (event.target as Element).closest('a') && created.close());
  // A tap on the backdrop (the dialog itself, outside its content) closes it; Escape does natively.
  created.addEventListener('click', (event) => event.target === created && created.close());
  document.body.append(created);
  return created;
}

/** Opens the search, searching `query` at once when there is one. */
export function openSearch(query: string, indexes: SearchIndexes): void {
  dialog ??= createDialog(indexes);
  const input = dialog.querySelector('input')!;
  if (query.trim() !== '') input.value = query;
  dialog.showModal();
  input.focus();
  if (input.value.trim() !== '') void runSearch(input.value, indexes);
}
