// What the gallery accepts, decided per file before anything is decoded or written: a .png, .jpg,
// .jpeg or .webp name, at most 25 MB, bytes that are a complete PNG, JPEG or WebP
// (functions/uploads/image-bytes.ts) and at most 50 megapixels by the header, so a small file
// claiming a huge canvas (a decompression bomb) is refused without being decoded.
import { checkImageBytes, type CheckedImage, type ImageProblem } from '#functions/uploads/image-bytes.ts';
import { tooLargeMessage } from '#lib/upload-kinds.ts';

const MB = 1024 * 1024;
export const GALLERY_IMAGE_MAX_BYTES = 25 * MB;
export const GALLERY_IMAGE_MAX_PIXELS = 50_000_000;
/** Files in one upload request, and the request's size (the admin sends one file per request). */
export const GALLERY_UPLOAD_MAX_FILES = 100;
export const GALLERY_UPLOAD_MAX_BYTES = 200 * MB;

const ACCEPTED_NAME = /\.(png|jpe?g|webp)$/i;
const ACCEPTED_FORMATS: readonly CheckedImage['format'][] = ['png', 'jpeg', 'webp'];

export const NOT_AN_IMAGE = 'Not a PNG, JPEG or WebP image.';
const PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  empty: 'The file is empty.',
  unsupported: NOT_AN_IMAGE,
  damaged: 'The image is damaged or incomplete.',
  'trailing-data': 'The file has extra data after the image.',
};

/** A refusal of one file; its message completes "{file name}: …". */
export class FileRefused extends Error {}

/**
 * Checks what can be known without reading the bytes: the name as sent (so "x.png\0.svg" is
 * not a .png) and the size.
 */
export function checkGalleryFile(name: string, size: number): void {
  if (!ACCEPTED_NAME.test(name.trim())) throw new FileRefused('Only .png, .jpg, .jpeg and .webp files are accepted.');
  if (size > GALLERY_IMAGE_MAX_BYTES) throw new FileRefused(tooLargeMessage(GALLERY_IMAGE_MAX_BYTES));
}

/** The image's format and header size, or a FileRefused saying what is wrong with the bytes. */
export function checkGalleryImageBytes(bytes: Uint8Array): CheckedImage {
  const checked = checkImageBytes(bytes);
  if (!checked.ok) throw new FileRefused(PROBLEM_MESSAGES[checked.problem]);
  const { ok: _ok, ...image } = checked;
  if (!ACCEPTED_FORMATS.includes(image.format)) throw new FileRefused(NOT_AN_IMAGE);
  if (image.width * image.height > GALLERY_IMAGE_MAX_PIXELS) {
    throw new FileRefused(`The image is too large (${image.width}×${image.height} pixels; at most 50 megapixels).`);
  }
  return image;
}
