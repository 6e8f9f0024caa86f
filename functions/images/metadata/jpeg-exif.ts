// Finds the EXIF block (APP1 "Exif\0\0") and any COM comment of a JPEG. Stops at the image
// data (SOS); a truncated segment ends the walk with what was found.
import { decodeLegacyText } from './text.ts';

export interface JpegMetadata {
  exif: Uint8Array | null;
  comment: string | null;
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

const SOS = 0xda;
const APP1 = 0xe1;
const COM = 0xfe;

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

/** By the bytes, not a decoded string: a file can hold millions of tiny segments. */
export const isExifHeader = (data: Uint8Array) => data.length >= 6 && EXIF_HEADER.every((b, i) => data[i] === b);

/**
 * Segments looked at: real files have a few dozen before the image data (a 4 MB content
 * credentials store takes 64); a file of millions of empty segments held the event loop 0.3 s.
 */
export const MAX_JPEG_SEGMENTS = 4096;

/** The marker segments before the image data (SOS): marker and data; a truncated one ends the walk. */
export function* jpegSegments(bytes: Uint8Array): Generator<{ marker: number; data: Uint8Array }> {
  if (!isJpeg(bytes)) return;
  let offset = 2;
  for (let count = 0; offset + 4 <= bytes.length && count < MAX_JPEG_SEGMENTS; count++) {
    if (bytes[offset] !== 0xff) return;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === SOS || marker === 0xd9) return;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    yield { marker, data: bytes.subarray(offset + 4, Math.min(offset + 2 + length, bytes.length)) };
    if (length < 2) return;
    offset += 2 + length;
  }
}

export function readJpegMetadata(bytes: Uint8Array): JpegMetadata {
  const found: JpegMetadata = { exif: null, comment: null };
  for (const { marker, data } of jpegSegments(bytes)) {
    if (marker === APP1 && !found.exif && isExifHeader(data)) found.exif = data.subarray(6);
    else if (marker === COM && found.comment === null) found.comment = decodeLegacyText(data);
  }
  return found;
}
