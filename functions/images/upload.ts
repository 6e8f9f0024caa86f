// One gallery upload, file by file: check, decode into thumbnails, read the generation metadata,
// store the original and its renditions under server-chosen names, then insert the row. A file
// is stored whole or not at all: when a write or the insert fails, what was written is deleted.
import type { AppDeps } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { foreignKeyViolation } from '#core/db-errors.ts';
import { diskFull } from '#core/disk-full.ts';
import { UndecodableImageError } from '#core/images.ts';
import { deleteStoredFiles, type Storage } from '#core/storage.ts';
import { GALLERY_NOT_FOUND } from '#functions/galleries/store.ts';
import { displayName } from '#functions/uploads/upload-form.ts';
import type { GalleryImage } from '#lib/galleries.ts';
import { uploadUrl } from '#lib/upload-paths.ts';
import { metadataColumns } from './metadata-columns.ts';
import { imageStore } from './store.ts';
import { checkGalleryFile, checkGalleryImageBytes, FileRefused } from './upload-checks.ts';

const NOT_STORED = 'The file could not be stored. Please try again.';

type UploadDeps = Pick<AppDeps, 'db' | 'storage' | 'images'>;

/**
 * Writes every file or none. All writes are awaited before cleaning up, so no write still in
 * flight can land after its file was deleted.
 */
async function putAll(storage: Storage, files: readonly { key: string; body: Uint8Array; type: string }[]): Promise<void> {
  const results = await Promise.allSettled(files.map((file) => storage.put(file.key, file.body, file.type)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await deleteStoredFiles(
      storage,
      files.map((file) => file.key),
    );
    throw failed.reason;
  }
}

async function decode(deps: UploadDeps, bytes: Uint8Array) {
  try {
    return await deps.images.renditions(bytes);
  } catch (error) {
    if (error instanceof UndecodableImageError) throw new FileRefused(error.message);
    throw error;
  }
}

/** Stores one uploaded file as an image of the gallery. Throws FileRefused with the reason it was not stored. */
export async function storeGalleryImage(deps: UploadDeps, galleryId: number, file: File): Promise<GalleryImage> {
  checkGalleryFile(file.name, file.size);
  const name = displayName(file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = checkGalleryImageBytes(bytes);
  const renditions = await decode(deps, bytes);

  const base = `galleries/${galleryId}/${crypto.randomUUID()}`;
  const original = { key: `${base}.${image.extension}`, body: bytes, type: image.mime };
  const thumb = { key: `${base}-480.webp`, body: renditions.thumb, type: 'image/webp' };
  const thumb2x = { key: `${base}-960.webp`, body: renditions.thumb2x, type: 'image/webp' };
  const files = [original, thumb, thumb2x];
  try {
    await putAll(deps.storage, files);
  } catch (error) {
    if (diskFull(error)) throw error; // answered 507 (functions/core/errors.ts): "try again" would not help
    console.error(`[gallery-upload] storing "${name}" failed:`, error);
    throw new FileRefused(NOT_STORED);
  }

  try {
    return await imageStore.insert(deps.db, {
      gallery_id: galleryId,
      src: uploadUrl(original.key),
      thumb: uploadUrl(thumb.key),
      thumb_2x: uploadUrl(thumb2x.key),
      placeholder: renditions.placeholder,
      original_name: name,
      width: renditions.width,
      height: renditions.height,
      storage_keys: files.map((f) => f.key),
      ...(await metadataColumns(bytes, renditions.hidden)),
    });
  } catch (error) {
    await deleteStoredFiles(
      deps.storage,
      files.map((f) => f.key),
    );
    if (foreignKeyViolation(error) !== null) throw new AppError(404, GALLERY_NOT_FOUND); // deleted meanwhile
    if (diskFull(error)) throw error;
    console.error(`[gallery-upload] saving "${name}" failed:`, error);
    throw new FileRefused(NOT_STORED);
  }
}
