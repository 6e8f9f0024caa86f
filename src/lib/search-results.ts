// What the reader's search (src/scripts/search-dialog.ts) makes of a query and of Pagefind's
// answers: the query it sends, the excerpt as text and marks (never as HTML), and the link that
// lands on the match (docs/decisions/0046-search-with-pagefind.md).

/** Longer queries are cut: no phrase a reader looks for is longer, and the index's work grows with it. */
export const SEARCH_QUERY_MAX = 200;

/** The query as sent: spaces collapsed, cut to SEARCH_QUERY_MAX characters. Quotes stay: they ask for a phrase. */
export function cleanQuery(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX).trim();
}

export interface ExcerptPart {
  text: string;
  marked: boolean;
}

/**
 * Pagefind's excerpt is the page's text with `<` and `>` escaped and the matched words in
 * <mark>. Split into plain text parts, so it is shown with text nodes and never parsed as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  excerpt.split(/(<mark>|<\/mark>)/).reduce((marked, piece) => {
    if (piece === '<mark>') return true;
    if (piece === '</mark>') return false;
    if (piece !== '') parts.push({ text: piece.replace(/&lt;/g, '<').replace(/&gt;/g, '>'), marked });
    return marked;
  }, false);
  return parts;
}

/** Text-fragment syntax gives '-', ',' and '&' a meaning: they are percent-encoded in the text. */
const encodeFragmentText = (text: string) => encodeURIComponent(text).replace(/-/g, '%2D');

/**
 * The link to a result: the chapter with a text fragment (`#:~:text=`) of the first run of
 * matched words, so the browser scrolls to the phrase and highlights it.
 */
export function resultHref(url: string, parts: readonly ExcerptPart[]): string {
  const first = parts.findIndex((part) => part.marked);
  if (first === -1) return url;
  let words = parts[first]!.text;
  for (let i = first + 1; i + 1 < parts.length && parts[i]!.text.trim() === '' && parts[i + 1]!.marked; i += 2) {
    words += ` ${parts[i + 1]!.text}`;
  }
  return `${url}#:~:text=${encodeFragmentText(words.trim())}`;
}
