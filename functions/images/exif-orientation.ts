// The EXIF Orientation tag (0x0112 in the first IFD) of a JPEG or WebP: how the stored pixels
// must be turned to be shown upright. sharp applies it in Node (autoOrient); the WebAssembly
// decoders return the pixels as stored, so the WASM image processor reads it here. PNG has no
// EXIF orientation that browsers honour, so PNGs count as upright. Never throws.
import { ifdEntries, openTiff } from './metadata/exif.ts';
import { readJpegMetadata } from './metadata/jpeg-exif.ts';
import { readWebpExif } from './metadata/webp-exif.ts';

/** 1 = upright; 2-8 as EXIF defines them (mirrored and/or turned by 90° steps). */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** The orientation stored in a TIFF block (the body of an EXIF segment), 1 when absent or odd. */
export function orientationInTiff(tiff: Uint8Array): Orientation {
  const opened = openTiff(tiff);
  if (!opened) return 1;
  const { view, little } = opened;
  for (const entry of ifdEntries(view, opened.firstIfd, little)) {
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(entry + 2, little) !== SHORT) return 1;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

export function imageOrientation(bytes: Uint8Array): Orientation {
  const tiff = readJpegMetadata(bytes).exif ?? readWebpExif(bytes);
  return tiff ? orientationInTiff(tiff) : 1;
}

/** Orientations 5-8 turn the picture by 90°, so its displayed width is its stored height. */
export const swapsSides = (orientation: Orientation): boolean => orientation >= 5;
