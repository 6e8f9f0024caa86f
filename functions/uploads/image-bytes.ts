// What an uploaded file really is, decided from its bytes alone (never the client's file name or
// declared type): JPEG, PNG, GIF or WebP, complete, and nothing else. Upload routes and the
// gallery pipeline both use it. Web standards only (it runs in Workers too).
//
// Policy, see docs/decisions/0007-uploaded-image-checks.md:
// - The structure is walked far enough to find where the image really ends, so a cut-off file is
//   refused instead of being stored as a broken picture.
// - Bytes after that end are refused unless they are padding (0x00 / 0xFF). That refuses the
//   "image + appended script/HTML/archive" polyglot; data hidden *inside* an image (comment
//   chunks) is harmless because uploads are served with their image type, nosniff and a CSP of
//   default-src 'none'.
import { imageSize } from 'image-size';
import { findGifEnd, findJpegEnd, findPngEnd, findWebpEnd } from './image-structure.ts';

export const IMAGE_FORMATS = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  gif: { mime: 'image/gif', extension: 'gif' },
  webp: { mime: 'image/webp', extension: 'webp' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

export interface CheckedImage {
  format: ImageFormat;
  mime: (typeof IMAGE_FORMATS)[ImageFormat]['mime'];
  extension: (typeof IMAGE_FORMATS)[ImageFormat]['extension'];
  width: number;
  height: number;
}

/** Why a file is refused: nothing in it, not one of the four formats, cut off or broken, or extra bytes after the image. */
export type ImageProblem = 'empty' | 'unsupported' | 'damaged' | 'trailing-data';

export type ImageCheck = ({ ok: true } & CheckedImage) | { ok: false; problem: ImageProblem };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((value, i) => bytes[at + i] === value);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SOI = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The format named by the file's first bytes (its "magic number"), or null. Says nothing about completeness. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SOI)) return 'jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}

const END_FINDERS: Record<ImageFormat, (bytes: Uint8Array) => number | null> = {
  png: findPngEnd,
  jpeg: findJpegEnd,
  gif: findGifEnd,
  webp: findWebpEnd,
};

/** Writers pad files with zeros (or 0xFF fill in JPEG); anything else after the image is extra data. */
function onlyPadding(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== 0x00 && bytes[i] !== 0xff) return false;
  return true;
}

function dimensionsOf(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null; // image-size throws on headers it cannot read
  }
}

/** Checks that `bytes` hold one complete JPEG, PNG, GIF or WebP image and says which, with its size. */
export function checkImageBytes(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  const format = sniffImageFormat(bytes);
  if (!format) return { ok: false, problem: 'unsupported' };
  const end = END_FINDERS[format](bytes);
  const size = end === null ? null : dimensionsOf(bytes);
  if (end === null || !size) return { ok: false, problem: 'damaged' };
  if (!onlyPadding(bytes, end)) return { ok: false, problem: 'trailing-data' };
  return { ok: true, format, ...IMAGE_FORMATS[format], ...size };
}
