// JSON request bodies as text, judged before anything parses them (decision 21).

/**
 * How deeply a JSON body may nest arrays and objects. The API's bodies nest two or three levels;
 * anything far deeper is an attack on the code that walks the parsed value (one recursive walk of
 * 250,000 levels overflowed the stack after seconds of work).
 */
export const JSON_MAX_DEPTH = 32;

export const TOO_DEEP = `Too deeply nested JSON (at most ${JSON_MAX_DEPTH} levels of arrays and objects).`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether `text` nests arrays and objects deeper than `max`, read in one pass with a counter
 * (no recursion, no parse). Strings are skipped whole, brackets in them being text; text that is
 * not JSON at all is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) i = closingQuote(text, i);
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** Where the string opened at `open` ends (the text's end when it never does): indexOf, not a loop per character. */
function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}
