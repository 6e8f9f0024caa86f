// The checks an archived upload must pass: the same as when it was first uploaded, by where it
// lives. The Upload Manager's folders take what their upload form takes (functions/uploads/), a
// gallery's files what the gallery upload takes (functions/images/upload-checks.ts), with the
// size known from the zip's directory before anything is inflated. Every other key is refused.
import { managedKeyOf } from '#functions/uploads/store.ts';
import { checkImageBytes } from '#functions/uploads/image-bytes.ts';
import { checkGalleryImageBytes, FileRefused, GALLERY_IMAGE_MAX_BYTES } from '#functions/images/upload-checks.ts';
import { INVALID_TYPE_MESSAGE, UPLOAD_FOLDERS, UPLOAD_MAX_BYTES, type UploadType } from '#lib/upload-kinds.ts';

export interface UploadRule {
  maxBytes: number;
  /** Throws FileRefused saying what is wrong with the bytes. */
  check(bytes: Uint8Array): void;
}

const UPLOAD_MESSAGES = {
  empty: 'The file is empty.',
  unsupported: INVALID_TYPE_MESSAGE,
  damaged: 'The image is damaged or incomplete.',
  'trailing-data': 'The file has extra data after the image.',
} as const;

const TYPE_OF_FOLDER = new Map(Object.entries(UPLOAD_FOLDERS).map(([type, folder]) => [folder as string, type as UploadType]));

/** galleries/<gallery id>/<file>: where the gallery upload stores an image and its thumbnails. */
export const GALLERY_KEY = /^galleries\/([1-9][0-9]{0,9})\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** The rule for a storage key, or null when the site never gives uploads such a key. */
export function uploadRuleFor(key: string): UploadRule | null {
  const managed = managedKeyOf(key);
  if (managed === key) {
    const type = TYPE_OF_FOLDER.get(key.slice(0, key.indexOf('/')))!;
    return {
      maxBytes: UPLOAD_MAX_BYTES[type],
      check(bytes) {
        const checked = checkImageBytes(bytes);
        if (!checked.ok) throw new FileRefused(UPLOAD_MESSAGES[checked.problem]);
      },
    };
  }
  if (GALLERY_KEY.test(key)) {
    return { maxBytes: GALLERY_IMAGE_MAX_BYTES, check: (bytes) => void checkGalleryImageBytes(bytes) };
  }
  return null;
}
