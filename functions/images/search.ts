// The gallery search (q): whitespace-separated terms, each of which must occur in the image's
// title, prompt, negative, checkpoint, LoRA names or file name. Terms are literal text: quotes,
// %, _, backslashes and regex characters match themselves.

/** Terms past this many are ignored: each one is another condition on every candidate row. */
export const SEARCH_MAX_TERMS = 8;

export function searchTerms(q: string | undefined): string[] {
  return [...new Set((q ?? '').split(/\s+/).filter(Boolean))].slice(0, SEARCH_MAX_TERMS);
}

/** A LIKE pattern matching `term` anywhere; LIKE's own characters (and its escape, \) escaped. */
export function likeSearchPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
