// Builds small image files around metadata for the reader's tests: PNG text chunks, EXIF
// (TIFF of either byte order) inside JPEG APP1 or a WebP EXIF chunk, UserComment encodings.
import { zlibSync } from 'fflate';
import { concatBytes as concat } from '#core/bytes.ts';

const encoder = new TextEncoder();

export function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
}

export { concat };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function u32be(n: number): Uint8Array {
  return new Uint8Array([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
}

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat(latin1(type), data);
  return concat(u32be(data.length), body, u32be(crc32(body)));
}

export const tEXt = (key: string, text: string) => pngChunk('tEXt', concat(latin1(key), new Uint8Array([0]), encoder.encode(text)));
export const zTXt = (key: string, text: string) =>
  pngChunk('zTXt', concat(latin1(key), new Uint8Array([0, 0]), zlibSync(encoder.encode(text))));
export function iTXt(key: string, text: string, compressed = false): Uint8Array {
  const body = compressed ? zlibSync(encoder.encode(text)) : encoder.encode(text);
  return pngChunk('iTXt', concat(latin1(key), new Uint8Array([0, compressed ? 1 : 0, 0, 0, 0]), body));
}

/** A 1x1 PNG with the given chunks before IDAT (and `after` between IDAT and IEND). */
export function png(before: Uint8Array[], after: Uint8Array[] = []): Uint8Array {
  const ihdr = pngChunk('IHDR', new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]));
  const idat = pngChunk('IDAT', zlibSync(new Uint8Array([0, 0])));
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    ...before,
    idat,
    ...after,
    pngChunk('IEND', new Uint8Array()),
  );
}

export type CommentEncoding = 'utf-16le' | 'utf-16be' | 'utf-8' | 'ascii';

/** A UserComment value: charset prefix + text in the given encoding. */
export function userComment(text: string, encoding: CommentEncoding): Uint8Array {
  if (encoding === 'ascii') return concat(latin1('ASCII\0\0\0'), latin1(text));
  if (encoding === 'utf-8') return concat(latin1('UNICODE\0'), encoder.encode(text));
  const units = new Uint8Array(text.length * 2);
  const view = new DataView(units.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i), encoding === 'utf-16le');
  return concat(latin1('UNICODE\0'), units);
}

interface TiffEntry {
  tag: number;
  type: number;
  value: Uint8Array;
}

/** A TIFF with IFD0 (ASCII tags) pointing at an Exif IFD holding UserComment. */
export function tiff(order: 'II' | 'MM', comment: Uint8Array | null, asciiTags: [number, string][] = []): Uint8Array {
  const little = order === 'II';
  const ifd0: TiffEntry[] = asciiTags.map(([tag, text]) => ({ tag, type: 2, value: concat(encoder.encode(text), new Uint8Array([0])) }));
  const exifIfd: TiffEntry[] = comment ? [{ tag: 0x9286, type: 7, value: comment }] : [];
  const ifdSize = (entries: TiffEntry[]) => 2 + entries.length * 12 + 4;
  const ifd0Size = ifdSize(ifd0) + 12; // + the Exif pointer entry
  const exifStart = 8 + ifd0Size;
  let dataAt = exifStart + ifdSize(exifIfd);
  const buffer = new Uint8Array(dataAt + [...ifd0, ...exifIfd].reduce((n, e) => n + e.value.length + 1, 0));
  const view = new DataView(buffer.buffer);
  buffer.set(latin1(order));
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  const writeIfd = (start: number, entries: TiffEntry[], pointer: number | null) => {
    const all = pointer === null ? entries : [...entries, { tag: 0x8769, type: 4, value: new Uint8Array() }];
    view.setUint16(start, all.length, little);
    all.forEach((entry, i) => {
      const at = start + 2 + i * 12;
      view.setUint16(at, entry.tag, little);
      view.setUint16(at + 2, entry.type, little);
      if (entry.tag === 0x8769) {
        view.setUint32(at + 4, 1, little);
        view.setUint32(at + 8, pointer!, little);
        return;
      }
      view.setUint32(at + 4, entry.value.length, little);
      if (entry.value.length <= 4) buffer.set(entry.value, at + 8);
      else {
        view.setUint32(at + 8, dataAt, little);
        buffer.set(entry.value, dataAt);
        dataAt += entry.value.length + (entry.value.length % 2);
      }
    });
  };
  writeIfd(8, ifd0, exifStart);
  writeIfd(exifStart, exifIfd, null);
  return buffer.subarray(0, dataAt);
}

/** A JPEG holding the TIFF in an APP1 Exif segment (no image data: the reader stops at SOS). */
export function jpeg(exif: Uint8Array, comment?: string): Uint8Array {
  const app1 = concat(latin1('Exif\0\0'), exif);
  const segments = [new Uint8Array([0xff, 0xe1, (app1.length + 2) >> 8, (app1.length + 2) & 0xff]), app1];
  if (comment !== undefined) {
    const com = encoder.encode(comment);
    segments.push(new Uint8Array([0xff, 0xfe, (com.length + 2) >> 8, (com.length + 2) & 0xff]), com);
  }
  return concat(new Uint8Array([0xff, 0xd8]), ...segments, new Uint8Array([0xff, 0xda, 0, 2, 0xff, 0xd9]));
}

/** A WebP (RIFF) file with a VP8L stub and an EXIF chunk. */
export function webp(exif: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const size = new Uint8Array(4);
    new DataView(size.buffer).setUint32(0, data.length, true);
    return concat(latin1(type), size, data, data.length % 2 ? new Uint8Array(1) : new Uint8Array());
  };
  const body = concat(latin1('WEBP'), chunk('VP8L', new Uint8Array([0x2f, 0, 0, 0, 0])), chunk('EXIF', exif));
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, body.length, true);
  return concat(latin1('RIFF'), size, body);
}

/** A JPEG and a WebP whose EXIF UserComment is the text, or the JSON of anything else (UTF-16, as save nodes write it). */
export function inUserComment(content: unknown): { jpeg: Uint8Array; webp: Uint8Array } {
  const exif = tiff('II', userComment(typeof content === 'string' ? content : JSON.stringify(content), 'utf-16le'));
  return { jpeg: jpeg(exif), webp: webp(exif) };
}

/**
 * The same record as each container keeps it: a PNG with a text chunk per member (objects as
 * JSON text), and a JPEG and a WebP with the whole record as one JSON object in the UserComment.
 */
export function inEveryContainer(record: Record<string, unknown>): [string, Uint8Array][] {
  const chunks = Object.entries(record).map(([key, value]) => iTXt(key, typeof value === 'string' ? value : JSON.stringify(value)));
  const { jpeg, webp } = inUserComment(record);
  return [
    ['PNG', png(chunks)],
    ['JPEG', jpeg],
    ['WebP', webp],
  ];
}
