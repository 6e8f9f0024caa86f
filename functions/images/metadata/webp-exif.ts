// Finds the EXIF chunk of a WebP (RIFF) file. Some writers keep the JPEG-style "Exif\0\0"
// prefix inside the chunk; it is skipped when present.
import { decodeLatin1 } from './text.ts';

export function isWebp(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && decodeLatin1(bytes.subarray(0, 4)) === 'RIFF' && decodeLatin1(bytes.subarray(8, 12)) === 'WEBP';
}

export function readWebpExif(bytes: Uint8Array): Uint8Array | null {
  if (!isWebp(bytes)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const type = decodeLatin1(bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const data = bytes.subarray(offset + 8, Math.min(offset + 8 + size, bytes.length));
    if (type === 'EXIF') return decodeLatin1(data.subarray(0, 6)) === 'Exif\0\0' ? data.subarray(6) : data;
    offset += 8 + size + (size % 2);
  }
  return null;
}
