// Shared by the gallery and gallery image API tests: rows straight into the database, the
// upload form, real image bytes, and a storage that can be made to fail.
import sharp from 'sharp';
import type { ApiTestContext } from '#scripts/test/api.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import type { NewGalleryImage } from '#db/types.ts';
import type { Storage } from '#core/storage.ts';

export const GALLERY_NOT_FOUND = { success: false, error: 'Gallery not found.' };
export const IMAGE_NOT_FOUND = { success: false, error: 'Image not found.' };

export function galleryTestKit(t: ApiTestContext) {
  return {
    async insertGallery(slug = 'field-studies', rating: 'PG' | 'X' = 'PG'): Promise<number> {
      const row = await t.database.db
        .insertInto('galleries')
        .values({ slug, title: `Title of ${slug}`, rating })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Inserts images straight into the database, in order (so the last one is the newest); returns their ids. */
    async insertImages(galleryId: number, ...images: Partial<NewGalleryImage>[]): Promise<number[]> {
      const rows = await t.database.db
        .insertInto('gallery_images')
        .values(
          images.map((image, i) => ({
            gallery_id: galleryId,
            src: `/api/uploads/galleries/${galleryId}/image-${i}.png`,
            thumb: `/api/uploads/galleries/${galleryId}/image-${i}-480.webp`,
            width: 800,
            height: 600,
            ...image,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

/** A real, small PNG of the given size (solid colour, so it compresses to almost nothing). */
export async function pngBytes(width = 64, height = 48): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer(),
  );
}

export async function jpegBytes(width = 64, height = 48): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#a53a6e' } })
      .jpeg()
      .toBuffer(),
  );
}

export async function webpBytes(width = 64, height = 48): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#6ea53a' } })
      .webp()
      .toBuffer(),
  );
}

export interface UploadFile {
  name: string;
  bytes: Uint8Array | string;
  type?: string;
}

/** The Gallery Manager's multipart form: gallery_id and files[]. */
export function galleryUploadForm(galleryId: number | string | undefined, files: UploadFile[]): FormData {
  const form = new FormData();
  if (galleryId !== undefined) form.append('gallery_id', String(galleryId));
  for (const file of files) {
    form.append('files[]', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'image/png' }));
  }
  return form;
}

export function uploadImages(t: ApiTestContext, cookie: string | undefined, galleryId: number | string | undefined, files: UploadFile[]) {
  return t.call('/api/images/gallery-upload', { ...(cookie ? { cookie } : {}), body: galleryUploadForm(galleryId, files) });
}

/**
 * Storage that remembers every key it holds (MemoryStorage lists one folder level only) and can
 * fail on the nth put from now, to test that an upload never leaves half of itself behind.
 */
export class RecordingStorage implements Storage {
  readonly inner = new MemoryStorage();
  readonly keys = new Set<string>();
  private putsUntilFailure = Infinity;

  failOnPut(n: number): void {
    this.putsUntilFailure = n;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    if (--this.putsUntilFailure === 0) throw new Error('storage is down (test)');
    await this.inner.put(key, body, contentType);
    this.keys.add(key);
  }
  get(key: string) {
    return this.inner.get(key);
  }
  stat(key: string) {
    return this.inner.stat(key);
  }
  read(key: string, start: number, end: number) {
    return this.inner.read(key, start, end);
  }
  async delete(key: string): Promise<boolean> {
    this.keys.delete(key);
    return this.inner.delete(key);
  }
  list(folder: string) {
    return this.inner.list(folder);
  }
}

/** Uses a RecordingStorage for the rest of the test and returns it. */
export function recordStorage(t: ApiTestContext): RecordingStorage {
  const storage = new RecordingStorage();
  t.deps.storage = storage;
  return storage;
}
