// The checks a .docx passes before mammoth reads it (docs/product.md, "Importing and pasting"):
// a real zip, read from its central directory; a Word document inside; every entry inflated
// within its cap (a bomb is stopped at the cap, not after); document.xml not nested too deep.
// Mammoth then reads a copy of the checked entries stored uncompressed, never the upload.
import { Inflate, zipSync } from 'fflate';

const MB = 1024 * 1024;
export const DOCX_LIMITS = {
  /** The request: a long novel with its pictures fits. */
  requestBytes: 15 * MB,
  entries: 1000,
  entryBytes: 16 * MB,
  totalBytes: 32 * MB,
  /** Word nests tables and text boxes a few dozen levels at most. */
  xmlDepth: 200,
} as const;

export type DocxCheck = { ok: true; docx: Uint8Array } | { ok: false; error: string };

const NOT_A_ZIP = 'The file is not a Word document (.docx): it is not a zip archive.';
const NOT_A_DOCX = 'The file is a zip archive but not a Word document (.docx).';
const DAMAGED = 'The Word document is damaged and cannot be read.';
const TOO_LARGE = `The Word document unpacks to more than ${DOCX_LIMITS.totalBytes / MB} MB (or one part to more than ${DOCX_LIMITS.entryBytes / MB} MB).`;
const TOO_MANY = `The Word document has more than ${DOCX_LIMITS.entries} parts.`;
const TOO_DEEP = 'The Word document is nested too deeply to read.';

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/** The end-of-central-directory record's offset, searched in the last 64 KiB (its comment's room). */
function endRecord(bytes: Uint8Array): number | null {
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) if (u32(bytes, at) === 0x06054b50) return at;
  return null;
}

/** The entries the central directory lists, or a refusal. */
function centralDirectory(bytes: Uint8Array): Entry[] | string {
  const end = endRecord(bytes);
  if (end === null) return NOT_A_ZIP;
  const count = u16(bytes, end + 10);
  if (count > DOCX_LIMITS.entries) return TOO_MANY;
  const entries: Entry[] = [];
  let at = u32(bytes, end + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) return DAMAGED;
    const nameLength = u16(bytes, at + 28);
    const entry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: u16(bytes, at + 8),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      localOffset: u32(bytes, at + 42),
    };
    // 0xffffffff marks a ZIP64 size: far beyond every cap anyway.
    if (entry.size > DOCX_LIMITS.entryBytes) return TOO_LARGE;
    entries.push(entry);
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/** Inflates in small steps and stops as soon as the output passes `limit`: null then. */
function inflateWithin(data: Uint8Array, limit: number): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= limit) chunks.push(chunk);
  });
  const STEP = 16 * 1024; // at most ~16 MB out of one step, whatever the ratio
  for (let at = 0; at < data.length && total <= limit; at += STEP) inflater.push(data.subarray(at, at + STEP), at + STEP >= data.length);
  if (total > limit) return null;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The entry's bytes, checked against its declared size and what is left of the total; a refusal otherwise. */
function readEntry(bytes: Uint8Array, entry: Entry, budget: number): Uint8Array | string {
  const at = entry.localOffset;
  if (entry.flags & 1) return DAMAGED; // encrypted
  if (at + 30 > bytes.length || u32(bytes, at) !== 0x04034b50) return DAMAGED;
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return DAMAGED;
  const limit = Math.min(entry.size, budget);
  if (entry.method === 0) return data.length <= limit ? data : TOO_LARGE;
  if (entry.method !== 8) return DAMAGED;
  const inflated = inflateWithin(data, limit);
  if (inflated === null) return TOO_LARGE;
  return inflated.length === entry.size ? inflated : DAMAGED;
}

/** Whether tags nest deeper than `limit`: one pass over the bytes, no recursion, no parse. */
export function xmlNestedDeeperThan(xml: Uint8Array, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < xml.length; i++) {
    if (xml[i] !== 0x3c) continue; // <
    const next = xml[i + 1];
    if (next === 0x2f) depth--; // </
    if (next === 0x2f || next === 0x3f || next === 0x21) continue; // </ <? <!
    let quote = 0;
    let j = i + 1;
    for (; j < xml.length; j++) {
      const byte = xml[j]!;
      if (quote) quote = byte === quote ? 0 : quote;
      else if (byte === 0x22 || byte === 0x27) quote = byte;
      else if (byte === 0x3e) break; // >
    }
    if (xml[j - 1] !== 0x2f && ++depth > limit) return true; // not <a/>
    i = j;
  }
  return false;
}

/**
 * Checks an uploaded .docx and returns its parts re-stored uncompressed for mammoth. A macro
 * document (.docm) passes: mammoth reads only the text, styles and pictures, never the macros.
 */
export function checkDocx(bytes: Uint8Array): DocxCheck {
  const entries = centralDirectory(bytes);
  if (typeof entries === 'string') return { ok: false, error: entries };
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) return { ok: false, error: NOT_A_DOCX };
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  let budget: number = DOCX_LIMITS.totalBytes;
  try {
    for (const entry of entries) {
      if (entry.name.endsWith('/')) continue; // a folder
      const data = readEntry(bytes, entry, budget);
      if (typeof data === 'string') return { ok: false, error: data };
      budget -= data.length;
      files[entry.name] = [data, { level: 0 }];
    }
  } catch {
    return { ok: false, error: DAMAGED }; // fflate refuses a broken deflate stream
  }
  if (xmlNestedDeeperThan(files['word/document.xml']![0], DOCX_LIMITS.xmlDepth)) return { ok: false, error: TOO_DEEP };
  return { ok: true, docx: zipSync(files) };
}
