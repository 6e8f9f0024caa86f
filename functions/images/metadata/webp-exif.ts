// Finds the EXIF chunk of a WebP (RIFF) file. Some writers keep the JPEG-style "Exif\0\0"
// prefix inside the chunk; it is skipped when present.
import { isExifHeader } from './jpeg-exif.ts';
import { webpChunks } from './webp-chunks.ts';

export function readWebpExif(bytes: Uint8Array): Uint8Array | null {
  for (const { type, data } of webpChunks(bytes)) {
    if (type === 'EXIF') return isExifHeader(data) ? data.subarray(6) : data;
  }
  return null;
}
