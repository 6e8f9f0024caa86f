// JSON.parse for metadata written by Python tools: NaN, Infinity and -Infinity (Python's
// json.dumps default) become null, and integers too long for a double (ComfyUI seeds reach
// 2^64) become strings so their digits survive. Strings are left untouched. Never throws.
import { MAX_TEXT_BYTES } from './text.ts';

export function parseLenientJson(text: string): unknown {
  if (text.length > MAX_TEXT_BYTES) return undefined;
  try {
    return JSON.parse(NEEDS_REPAIR.test(text) ? repair(text) : text);
  } catch {
    return undefined;
  }
}

/** Cheap test first: most texts have nothing to repair. */
const NEEDS_REPAIR = /NaN|Infinity|\d{16}/;
const LONG_INTEGER = /-?\d{16,}/y;
const WORD = /[\w.+-]/;

/**
 * One pass over the text, skipping strings as it goes: a regular expression that matches
 * strings would, on an unterminated one, rescan the rest of the text from every quote in it.
 */
function repair(text: string): string {
  const out: string[] = [];
  let copied = 0;
  const replace = (from: number, to: number, by: string) => {
    out.push(text.slice(copied, from), by);
    copied = to;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (text.startsWith('NaN', i)) {
      replace(i, i + 3, 'null');
      i += 2;
    } else if (text.startsWith('Infinity', i) || text.startsWith('-Infinity', i)) {
      const end = text.indexOf('Infinity', i) + 8;
      replace(i, end, 'null');
      i = end - 1;
    } else if ((c === '-' || (c >= '0' && c <= '9')) && !WORD.test(text[i - 1] ?? ' ')) {
      LONG_INTEGER.lastIndex = i;
      const digits = LONG_INTEGER.exec(text)?.[0];
      const end = i + (digits?.length ?? 0);
      if (digits && !/[.\w]/.test(text[end] ?? ' ')) replace(i, end, `"${digits}"`);
      i = Math.max(i, end - 1);
      while (i + 1 < text.length && /[\d.eE+-]/.test(text[i + 1]!)) i++; // the rest of a number that stays one
    }
  }
  out.push(text.slice(copied));
  return out.join('');
}
