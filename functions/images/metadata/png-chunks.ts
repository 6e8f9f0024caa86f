// Reads the text chunks (tEXt, zTXt, iTXt) of a PNG, wherever they sit (some tools write them
// after IDAT). Never throws: a truncated or malformed chunk ends the walk with what was read.
import { Unzlib } from 'fflate';
import { MAX_TEXT_BYTES, decodeLatin1, decodeLegacyText, decodeUtf8 } from './text.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** keyword → text of every readable text chunk (the first chunk wins for a repeated keyword). */
export function readPngText(bytes: Uint8Array): Map<string, string> {
  const texts = new Map<string, string>();
  if (!isPng(bytes)) return texts;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = decodeLatin1(bytes.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    const end = start + length;
    if (end > bytes.length) break; // truncated chunk
    if (type === 'IEND') break;
    if (length <= MAX_TEXT_BYTES) {
      const entry = readTextChunk(type, bytes.subarray(start, end));
      if (entry && !texts.has(entry[0])) texts.set(entry[0], entry[1]);
    }
    offset = end + 4; // skip the CRC
  }
  return texts;
}

function readTextChunk(type: string, data: Uint8Array): [string, string] | null {
  if (type !== 'tEXt' && type !== 'zTXt' && type !== 'iTXt') return null;
  const keywordEnd = data.indexOf(0);
  if (keywordEnd <= 0) return null;
  const keyword = decodeLatin1(data.subarray(0, keywordEnd));
  const rest = data.subarray(keywordEnd + 1);
  if (type === 'tEXt') return [keyword, decodeLegacyText(rest)];
  if (type === 'zTXt') {
    // rest[0] is the compression method (0 = zlib), the compressed text follows.
    const text = inflate(rest.subarray(1));
    return text === null ? null : [keyword, decodeLegacyText(text)];
  }
  // iTXt: compression flag, method, language tag\0, translated keyword\0, text (UTF-8).
  const compressed = rest[0] === 1;
  const languageEnd = rest.indexOf(0, 2);
  if (languageEnd < 0) return null;
  const translatedEnd = rest.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  const body = rest.subarray(translatedEnd + 1);
  const text = compressed ? inflate(body) : body;
  return text === null ? null : [keyword, decodeUtf8(text)];
}

/** zlib inflate in slices, giving up past the text cap (a zip bomb must not exhaust memory). */
function inflate(data: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    const stream = new Unzlib((chunk) => {
      parts.push(chunk);
      total += chunk.length;
    });
    const slice = 64 * 1024;
    for (let at = 0; at < data.length && total <= MAX_TEXT_BYTES; at += slice) {
      stream.push(data.subarray(at, at + slice), at + slice >= data.length);
    }
  } catch {
    // A damaged stream: keep what inflated before the damage.
  }
  if (total > MAX_TEXT_BYTES || total === 0) return null;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
