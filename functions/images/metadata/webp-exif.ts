// Finds the EXIF chunk of a WebP (RIFF) file. Some writers keep the JPEG-style "Exif\0\0"
// prefix inside the chunk; it is skipped when present.
import { isExifHeader } from './jpeg-exif.ts';
import { decodeLatin1 } from './text.ts';

const EXIF = 0x45584946; // "EXIF" read big-endian: no string per chunk in a file of millions

export function isWebp(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && decodeLatin1(bytes.subarray(0, 4)) === 'RIFF' && decodeLatin1(bytes.subarray(8, 12)) === 'WEBP';
}

export function readWebpExif(bytes: Uint8Array): Uint8Array | null {
  if (!isWebp(bytes)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = view.getUint32(offset + 4, true);
    if (view.getUint32(offset) === EXIF) {
      const data = bytes.subarray(offset + 8, Math.min(offset + 8 + size, bytes.length));
      return isExifHeader(data) ? data.subarray(6) : data;
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}
