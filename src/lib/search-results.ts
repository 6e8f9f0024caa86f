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

const FIND = '#find=';
const DIRECTIVE = ':~:';

/**
 * The link to a result: the chapter, with the first run of matched words twice in its fragment:
 * as a text fragment (`:~:text=`), which the browser scrolls to and highlights, and as
 * `#find=`, which the page's own script (src/scripts/search-landing.ts) uses where the browser
 * cannot. A plain fragment also stops the page from restoring the reader's last position.
 */
export function resultHref(url: string, parts: readonly ExcerptPart[]): string {
  const first = parts.findIndex((part) => part.marked);
  if (first === -1) return url;
  let words = parts[first]!.text;
  for (let i = first + 1; i + 1 < parts.length && parts[i]!.text.trim() === '' && parts[i + 1]!.marked; i += 2) {
    words += ` ${parts[i + 1]!.text}`;
  }
  const encoded = encodeFragmentText(words.trim());
  return `${url}${FIND}${encoded}${DIRECTIVE}text=${encoded}`;
}

/** The words a result link asks the page to find (browsers that keep the text directive in the hash keep it after `:~:`). */
export function findWords(hash: string): string | null {
  if (!hash.startsWith(FIND)) return null;
  const end = hash.indexOf(DIRECTIVE);
  try {
    return decodeURIComponent(hash.slice(FIND.length, end === -1 ? undefined : end)).trim() || null;
  } catch {
    return null;
  }
}

/** A pattern for the words in the page's text: any case, any run of spaces between them, every sign literal. */
export function findPattern(words: string): RegExp {
  const escaped = words.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('\\s+'), 'iu');
}
