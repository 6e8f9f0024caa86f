// JSON.parse for metadata written by Python tools: NaN, Infinity and -Infinity (Python's
// json.dumps default) become null, and integers too long for a double (ComfyUI seeds reach
// 2^64) become strings so their digits survive. Strings are left untouched. Never throws.
import { MAX_TEXT_BYTES } from './text.ts';

export function parseLenientJson(text: string): unknown {
  if (text.length > MAX_TEXT_BYTES) return undefined;
  try {
    return JSON.parse(repair(text));
  } catch {
    return undefined;
  }
}

const OUTSIDE_STRING_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|-?Infinity|NaN|(?<![\w.+-])-?\d{16,}(?![.\w])/g;

function repair(text: string): string {
  return text.replace(OUTSIDE_STRING_TOKEN, (token) => {
    if (token.startsWith('"')) return token;
    if (token === 'NaN' || token.endsWith('Infinity')) return 'null';
    return `"${token}"`;
  });
}
