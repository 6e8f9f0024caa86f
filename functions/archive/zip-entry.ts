// Unpacks one entry of the zip, chunk by chunk: the output may never pass the size the directory
// declared (checked inside the inflater's data callback, so a zip bomb stops at its budget rather
// than after inflating), and the event loop is given back every few milliseconds, so a large
// archive does not stall the server's other requests. Layout: PKWARE APPNOTE.TXT 4.3.7.
import { Inflate } from 'fflate';
import { yieldWhenDue } from '#core/yield.ts';
import { type ArchiveSource, type ZipDirectoryEntry, ZipFormatError } from './zip-directory.ts';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_LENGTH = 30;
const STORED = 0;
const DEFLATED = 8;
/**
 * Bytes read per step. Deflate expands at most ~1,032 times, so a deflated step yields at most
 * ~1 MB: about 15 ms of work at worst (measured: a bomb of zeros inflates at ~75 MB/s), and the
 * most a bomb can overshoot its budget by.
 */
const DEFLATED_CHUNK = 1024;
const STORED_CHUNK = 1024 * 1024;

async function dataStart(source: ArchiveSource, entry: ZipDirectoryEntry): Promise<number> {
  const header = await source.read(entry.localOffset, LOCAL_LENGTH);
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (header.byteLength < LOCAL_LENGTH || view.getUint32(0, true) !== LOCAL_SIGNATURE)
    throw new ZipFormatError('an entry’s header is damaged');
  const start = entry.localOffset + LOCAL_LENGTH + view.getUint16(26, true) + view.getUint16(28, true);
  if (start + entry.compressedSize > source.size) throw new ZipFormatError('an entry runs past the end of the file');
  return start;
}

/**
 * Calls `onData` with the entry's bytes in order; throws ZipFormatError when the entry unpacks
 * to more or fewer bytes than its declared size, or is encrypted or compressed another way.
 */
export async function streamEntry(
  source: ArchiveSource,
  entry: ZipDirectoryEntry,
  onData: (chunk: Uint8Array) => void | Promise<void>,
): Promise<void> {
  if (entry.encrypted) throw new ZipFormatError('an entry is encrypted');
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw new ZipFormatError(`an entry is compressed with method ${entry.method}, which this site never writes`);
  const start = await dataStart(source, entry);
  const end = start + entry.compressedSize;
  let produced = 0;
  let pending: Uint8Array[] = [];
  const take = (chunk: Uint8Array) => {
    produced += chunk.byteLength;
    if (produced > entry.size) throw new ZipFormatError('an entry unpacks to more than its declared size');
    pending.push(chunk);
  };
  const inflater = entry.method === DEFLATED ? new Inflate(take) : null;
  const step = inflater ? DEFLATED_CHUNK : STORED_CHUNK;
  for (let at = start; ; at += step) {
    const input = await source.read(at, Math.min(step, end - at));
    const last = at + step >= end;
    try {
      if (inflater) inflater.push(input, last);
      else take(input);
    } catch (error) {
      if (error instanceof ZipFormatError) throw error;
      throw new ZipFormatError('an entry’s compressed data is damaged');
    }
    for (const chunk of pending) await onData(chunk);
    pending = [];
    await yieldWhenDue();
    if (last) break;
  }
  if (produced !== entry.size) throw new ZipFormatError('an entry unpacks to fewer bytes than its declared size');
}

/** The whole entry in memory (callers have checked its declared size against their limit). */
export async function readEntry(source: ArchiveSource, entry: ZipDirectoryEntry): Promise<Uint8Array> {
  const out = new Uint8Array(entry.size);
  let filled = 0;
  await streamEntry(source, entry, (chunk) => {
    out.set(chunk, filled);
    filled += chunk.byteLength;
  });
  return out;
}
