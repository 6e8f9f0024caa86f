// Reads the text chunks (tEXt, zTXt, iTXt) of a PNG, wherever they sit (some tools write them
// after IDAT). Never throws: a truncated or malformed chunk ends the walk with what was read.
// Reading is budgeted per file (budget.ts): compressed text is inflated in small pushes that stop
// the moment the budget is passed, and the walk yields to the event loop between steps.
import { Gunzip, Unzlib } from 'fflate';
import { concatBytes } from '#core/bytes.ts';
import { ReadBudget } from './budget.ts';
import { MAX_TEXT_BYTES, decodeLatin1, decodeLegacyText, decodeUtf8 } from './text.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Chunk types as their four bytes read big-endian: no string per chunk in a file of millions. */
const fourCc = (name: string) => [...name].reduce((n, c) => n * 256 + c.charCodeAt(0), 0);
const IEND = fourCc('IEND');
const TEXT = fourCc('tEXt');
const ZTXT = fourCc('zTXt');
const ITXT = fourCc('iTXt');
const isTextChunk = (type: number) => type === TEXT || type === ZTXT || type === ITXT;

interface PngChunk {
  type: number;
  /** The chunk's data: bytes [dataStart, dataEnd); the whole chunk with length and CRC is [start, dataEnd + 4). */
  start: number;
  dataStart: number;
  dataEnd: number;
}

/** The chunks up to IEND (not included), ending early at a truncated one. */
export function* pngChunks(bytes: Uint8Array): Generator<PngChunk> {
  if (!isPng(bytes)) return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const dataStart = offset + 8;
    const dataEnd = dataStart + view.getUint32(offset);
    const type = view.getUint32(offset + 4);
    if (dataEnd > bytes.length || type === IEND) return; // a truncated chunk, or the end
    yield { type, start: offset, dataStart, dataEnd };
    offset = dataEnd + 4; // past the CRC
  }
}

/** keyword → text of every readable text chunk (the first chunk wins for a repeated keyword). */
export async function readPngText(bytes: Uint8Array, budget = new ReadBudget()): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const chunk of pngChunks(bytes)) {
    await budget.pace(chunk.dataEnd - chunk.start + 4);
    if (budget.spent) break;
    if (!isTextChunk(chunk.type) || chunk.dataEnd - chunk.dataStart > MAX_TEXT_BYTES) continue;
    const entry = await readTextChunk(chunk.type, bytes.subarray(chunk.dataStart, chunk.dataEnd), budget);
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
  const texts = [...pngChunks(bytes)].filter((chunk) => isTextChunk(chunk.type));
  if (texts.length === 0) return bytes;
  const kept: Uint8Array[] = [];
  let from = 0;
  for (const chunk of texts) {
    kept.push(bytes.subarray(from, chunk.start));
    from = chunk.dataEnd + 4;
  }
  return concatBytes(...kept, bytes.subarray(from));
}

async function readTextChunk(type: number, data: Uint8Array, budget: ReadBudget): Promise<[string, string] | null> {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd <= 0) return null;
  const keyword = decodeLatin1(data.subarray(0, keywordEnd));
  const rest = data.subarray(keywordEnd + 1);
  if (type === TEXT) return budget.take(rest.length) ? [keyword, decodeLegacyText(rest)] : null;
  if (type === ZTXT) {
    // rest[0] is the compression method (0 = zlib), the compressed text follows.
    const text = await inflate(rest.subarray(1), budget);
    return text === null ? null : [keyword, decodeLegacyText(text)];
  }
  // iTXt: compression flag, method, language tag\0, translated keyword\0, text (UTF-8).
  const compressed = rest[0] === 1;
  const languageEnd = rest.indexOf(0, 2);
  if (languageEnd < 0) return null;
  const translatedEnd = rest.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  const body = rest.subarray(translatedEnd + 1);
  const text = compressed ? await inflate(body, budget) : budget.take(body.length) ? body : null;
  return text === null ? null : [keyword, decodeUtf8(text)];
}

/** Compressed bytes per push: deflate expands at most ~1,032 times, so one push makes at most ~1 MB. */
const INFLATE_SLICE = 1024;

/**
 * zlib (or gzip) inflate in small pushes. Every piece of output is taken from the file's budget in the
 * inflater's data callback, and the inflating stops at the first piece that would pass that
 * budget or the one-text cap, so a zip bomb costs at most the budget; between pushes the event
 * loop gets its turns. null when nothing came out or a limit was reached (a text cut short
 * would be read wrongly); a damaged stream keeps what inflated before the damage.
 */
export async function inflate(data: Uint8Array, budget: ReadBudget, wrapper: 'zlib' | 'gzip' = 'zlib'): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let total = 0;
  let cut = false;
  const stream = new (wrapper === 'gzip' ? Gunzip : Unzlib)((piece) => {
    total += piece.length;
    cut ||= total > MAX_TEXT_BYTES || !budget.take(piece.length);
    if (!cut) parts.push(piece);
  });
  try {
    for (let at = 0; at < data.length && !cut; at += INFLATE_SLICE) {
      stream.push(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
      await budget.pace(INFLATE_SLICE + (parts.at(-1)?.length ?? 0));
      cut ||= budget.outOfTime;
    }
  } catch {
    // A damaged stream: keep what inflated before the damage.
  }
  return cut || total === 0 ? null : concatBytes(...parts);
}
