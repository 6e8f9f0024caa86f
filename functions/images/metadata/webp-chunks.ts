// The chunks of a WebP (RIFF) file: four-character type and data, padded to even sizes. A
// truncated chunk keeps the bytes there are; a walk looks at a bounded number of chunks.
import { decodeLatin1 } from './text.ts';

/** A WebP carries a handful of chunks (VP8X, ICCP, ANIM, ALPH, the image, EXIF, XMP, C2PA). */
const MAX_CHUNKS = 64;

export function isWebp(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && decodeLatin1(bytes.subarray(0, 4)) === 'RIFF' && decodeLatin1(bytes.subarray(8, 12)) === 'WEBP';
}

export function* webpChunks(bytes: Uint8Array): Generator<{ type: string; data: Uint8Array }> {
  if (!isWebp(bytes)) return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  for (let chunks = 0; offset + 8 <= bytes.length && chunks < MAX_CHUNKS; chunks++) {
    const size = view.getUint32(offset + 4, true);
    const type = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    yield { type, data: bytes.subarray(offset + 8, Math.min(offset + 8 + size, bytes.length)) };
    offset += 8 + size + (size % 2);
  }
}
