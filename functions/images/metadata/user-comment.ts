// EXIF UserComment (tag 0x9286): an 8-byte charset prefix, then the text. Tools disagree on the
// byte order of "UNICODE" text (it need not follow the TIFF header), so it is detected from the
// bytes; some write UTF-8 under the UNICODE prefix, or no prefix at all.
import { decodeLatin1, decodeLegacyText } from './text.ts';

const PREFIXES = ['UNICODE\0', 'ASCII\0\0\0', 'JIS\0\0\0\0\0', '\0\0\0\0\0\0\0\0', 'UNDEFINED'];

export function decodeUserComment(bytes: Uint8Array): string {
  const head = decodeLatin1(bytes.subarray(0, 9));
  const prefix = PREFIXES.find((p) => head.startsWith(p));
  const body = bytes.subarray(prefix === undefined ? 0 : prefix === 'UNDEFINED' ? 9 : 8);
  const text = prefix === 'ASCII\0\0\0' ? decodeLegacyText(body) : decodeUnknownText(body);
  return text.replace(/\0+$/, '');
}

/** UTF-16 of either byte order, or UTF-8, told apart by the bytes themselves. */
export function decodeUnknownText(body: Uint8Array): string {
  const bom = utf16Bom(body);
  if (bom) return new TextDecoder(bom).decode(body.subarray(2));
  const order = utf16ByteOrder(body);
  return order ? new TextDecoder(order).decode(body) : decodeLegacyText(body);
}

function utf16Bom(body: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * Latin text in UTF-16 has a zero byte in every code unit: at odd offsets for little endian, at
 * even offsets for big endian. Text without zero bytes (all CJK, or UTF-8) is judged by which
 * reading decodes cleanly into plausible characters.
 */
function utf16ByteOrder(body: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = body.subarray(0, Math.min(body.length, 4096) & ~1);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenZeros++ : oddZeros++;
  if (evenZeros + oddZeros > 0) {
    if (oddZeros > evenZeros) return 'utf-16le';
    if (evenZeros > oddZeros) return 'utf-16be';
  }
  if (body.length % 2 !== 0 || isValidUtf8(body)) return null;
  const le = plausibility(sample, 'utf-16le');
  const be = plausibility(sample, 'utf-16be');
  if (le <= 0 && be <= 0) return null;
  return le >= be ? 'utf-16le' : 'utf-16be';
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Share of characters from common scripts (Latin, CJK, kana, hangul, punctuation); -1 if invalid. */
function plausibility(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): number {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return -1;
  }
  if (text.length === 0) return 0;
  const common = text.match(/[\u0009\u000a\u000d\u0020-\u024f\u2000-\u206f\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/g);
  return (common?.length ?? 0) / text.length;
}
