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
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether `text` nests arrays and objects deeper than `max`, read in one pass with a counter
 * (no recursion, no parse). Brackets inside strings are text, skipped with their escapes; text
 * that is not JSON at all is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPEN.has(code)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(code)) depth--;
  }
  return false;
}
