// Gallery images, mounted on /images beside the upload routes and the images' likes and
// comments (likes/routes.ts, comments/routes.ts): anyone lists; authors and admins upload, edit
// and delete. Image changes republish the site.
import { Hono } from 'hono';
import { requireRole } from '#functions/auth/session.ts';
import type { AppEnv } from '#core/env.ts';
import { AppError, fieldError } from '#core/errors.ts';
import { DISK_FULL, diskFull } from '#core/disk-full.ts';
import { filesIn, formBodyLimit, readMultipart } from '#core/form.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { jsonBody, parseOrThrow, queryParams } from '#core/validate.ts';
import { GALLERY_NOT_FOUND, galleryStore } from '#functions/galleries/store.ts';
import { displayName } from '#functions/uploads/upload-form.ts';
import type { GalleryImage } from '#lib/galleries.ts';
import { imageDeleteSchema, imageListQuery, imageReorderSchema, imageUpdateSchema, imageUploadFields } from './schema.ts';
import { arrangeStore } from './arrange.ts';
import { searchTerms } from './search.ts';
import { imageStore } from './store.ts';
import { storeGalleryImage } from './upload.ts';
import { deleteStoredFiles } from '#core/storage.ts';
import { FileRefused, GALLERY_UPLOAD_MAX_BYTES, GALLERY_UPLOAD_MAX_FILES } from './upload-checks.ts';

const IMAGE_NOT_FOUND = 'Image not found.';
const contentStaff = requireRole(...CONTENT_ROLES);
const uploadBodyLimit = formBodyLimit(
  GALLERY_UPLOAD_MAX_BYTES,
  `The upload is too large (at most ${GALLERY_UPLOAD_MAX_BYTES / 1024 / 1024} MB at once).`,
);

export const galleryImageRoutes = new Hono<AppEnv>()
  .get('/gallery-list', queryParams(imageListQuery), async (c) => {
    const { db } = c.var.deps;
    const { gallery_id, page, limit, q } = c.req.valid('query');
    if (!(await galleryStore.exists(db, gallery_id))) throw new AppError(404, GALLERY_NOT_FOUND);
    const { images, total } = await imageStore.page(db, { galleryId: gallery_id, page, limit, terms: searchTerms(q) });
    return c.json({ success: true, images, total, page, limit });
  })

  .post('/gallery-upload', contentStaff, uploadBodyLimit, async (c) => {
    const { deps } = c.var;
    const form = await readMultipart(c);
    const { gallery_id } = parseOrThrow(imageUploadFields, { gallery_id: form.get('gallery_id') ?? undefined });
    const files = filesIn(form, 'files[]', 'files');
    if (files.length === 0) throw new AppError(400, 'Choose at least one .png, .jpg, .jpeg or .webp file.');
    if (files.length > GALLERY_UPLOAD_MAX_FILES) throw new AppError(400, `Upload at most ${GALLERY_UPLOAD_MAX_FILES} files at once.`);
    if (!(await galleryStore.exists(deps.db, gallery_id))) throw new AppError(404, GALLERY_NOT_FOUND);

    const images: GalleryImage[] = [];
    const errors: string[] = [];
    // One file at a time: each is decoded in full, so this bounds the memory one request takes.
    for (const [index, file] of files.entries()) {
      try {
        images.push(await storeGalleryImage(deps, gallery_id, file));
      } catch (error) {
        // A full disk after some files were stored: those stay and are published; the rest are named.
        if (diskFull(error) && images.length > 0) {
          errors.push(...files.slice(index).map((rest, i) => `${displayName(rest.name) || `File ${index + i + 1}`}: ${DISK_FULL}`));
          break;
        }
        if (!(error instanceof FileRefused)) throw error;
        errors.push(`${displayName(file.name) || `File ${index + 1}`}: ${error.message}`);
      }
    }
    if (images.length === 0) return c.json({ success: false, error: errors.join('; '), images, errors }, 400);
    deps.rebuild.schedule(`${images.length} gallery images uploaded`);
    return c.json({ success: true, images, errors }, 201);
  })

  .post('/gallery-update', contentStaff, jsonBody(imageUpdateSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const { id, gallery_id, ...changes } = c.req.valid('json');
    // The move first: a refused move changes nothing.
    const moved = gallery_id === undefined ? 'moved' : await arrangeStore.moveToGallery(db, id, gallery_id);
    if (moved === 'no-gallery') throw new AppError(404, GALLERY_NOT_FOUND);
    if (moved === 'not-found' || !(await imageStore.update(db, id, changes))) throw new AppError(404, IMAGE_NOT_FOUND);
    rebuild.schedule('gallery image updated');
    return c.json({ success: true, image: await imageStore.find(db, id) });
  })

  .post('/gallery-reorder', contentStaff, jsonBody(imageReorderSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const { id, before_id, after_id } = c.req.valid('json');
    const side = before_id === undefined ? 'after' : 'before';
    const outcome = await arrangeStore.reorder(db, id, (before_id ?? after_id)!, side);
    if (outcome === 'not-found') throw new AppError(404, IMAGE_NOT_FOUND);
    if (outcome === 'not-beside') throw fieldError(400, `${side}_id`, 'The image to place it next to must be in the same gallery.');
    rebuild.schedule('gallery images reordered');
    return c.json({ success: true });
  })

  .post('/gallery-delete', contentStaff, jsonBody(imageDeleteSchema), async (c) => {
    const { db, storage, rebuild } = c.var.deps;
    const keys = await imageStore.delete(db, c.req.valid('json').id);
    if (keys === null) throw new AppError(404, IMAGE_NOT_FOUND);
    await deleteStoredFiles(storage, keys);
    rebuild.schedule('gallery image deleted');
    return c.json({ success: true });
  });
