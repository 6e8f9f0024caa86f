// Reads the text chunks (tEXt, zTXt, iTXt) of a PNG, wherever they sit (some tools write them
// after IDAT). Never throws: a truncated or malformed chunk ends the walk with what was read.
import { Unzlib } from 'fflate';
import { concatBytes } from '../../core/bytes.ts';
import { MAX_TEXT_BYTES, decodeLatin1, decodeLegacyText, decodeUtf8 } from './text.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

interface PngChunk {
  type: string;
  /** The chunk's data: bytes [dataStart, dataEnd); the whole chunk with length and CRC is [start, dataEnd + 4). */
  start: number;
  dataStart: number;
  dataEnd: number;
}

/** The chunks up to IEND (not included), ending early at a truncated one. */
function* pngChunks(bytes: Uint8Array): Generator<PngChunk> {
  if (!isPng(bytes)) return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const dataStart = offset + 8;
    const dataEnd = dataStart + view.getUint32(offset);
    const type = decodeLatin1(bytes.subarray(offset + 4, offset + 8));
    if (dataEnd > bytes.length || type === 'IEND') return; // a truncated chunk, or the end
    yield { type, start: offset, dataStart, dataEnd };
    offset = dataEnd + 4; // past the CRC
  }
}

const TEXT_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt']);

/** keyword → text of every readable text chunk (the first chunk wins for a repeated keyword). */
export function readPngText(bytes: Uint8Array): Map<string, string> {
  const texts = new Map<string, string>();
  for (const chunk of pngChunks(bytes)) {
    if (chunk.dataEnd - chunk.dataStart > MAX_TEXT_BYTES) continue;
    const entry = readTextChunk(chunk.type, bytes.subarray(chunk.dataStart, chunk.dataEnd));
    if (entry && !texts.has(entry[0])) texts.set(entry[0], entry[1]);
  }
  return texts;
}

/**
 * The PNG without its text chunks, for a decoder that only needs the pixels: the WebAssembly PNG
 * decoder fails on a text chunk of a few megabytes, which generators' prompts and workflows can
 * reach. The same bytes come back when there is no text chunk (or it is no complete PNG).
 */
export function withoutPngText(bytes: Uint8Array): Uint8Array {
  const texts = [...pngChunks(bytes)].filter((chunk) => TEXT_CHUNKS.has(chunk.type));
  if (texts.length === 0) return bytes;
  const kept: Uint8Array[] = [];
  let from = 0;
  for (const chunk of texts) {
    kept.push(bytes.subarray(from, chunk.start));
    from = chunk.dataEnd + 4;
  }
  return concatBytes(...kept, bytes.subarray(from));
}

function readTextChunk(type: string, data: Uint8Array): [string, string] | null {
  if (!TEXT_CHUNKS.has(type)) return null;
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
