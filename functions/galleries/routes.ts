// Galleries: anyone lists them, PG and X alike (the pages filter by rating and gate X);
// authors and admins create, edit and delete them. Every change republishes the site.
import { Hono } from 'hono';
import { requireRole } from '#functions/auth/session.ts';
import { uniqueViolation } from '#core/db-errors.ts';
import type { AppEnv } from '#core/env.ts';
import { AppError, fieldError } from '#core/errors.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { jsonBody, queryParams } from '#core/validate.ts';
import { deleteStoredFiles } from '#core/storage.ts';
import { galleryCreateSchema, galleryDeleteSchema, galleryListQuery, galleryUpdateSchema } from './schema.ts';
import { GALLERY_NOT_FOUND, galleryStore } from './store.ts';

const contentStaff = requireRole(...CONTENT_ROLES);
const slugTaken = (slug: string) => fieldError(409, 'slug', `A gallery with the slug "${slug}" already exists.`);

/** Saves, turning a slug that another request took in the meantime into the same 409. */
async function withSlugCheck<T>(slug: string | undefined, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (slug !== undefined && uniqueViolation(error) === 'galleries_slug_key') throw slugTaken(slug);
    throw error;
  }
}

export const galleryRoutes = new Hono<AppEnv>()
  .get('/list', queryParams(galleryListQuery), async (c) => {
    return c.json({ success: true, galleries: await galleryStore.list(c.var.deps.db, c.req.valid('query')) });
  })

  .post('/create', contentStaff, jsonBody(galleryCreateSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const input = c.req.valid('json');
    if (await galleryStore.slugTaken(db, input.slug)) throw slugTaken(input.slug);
    const id = await withSlugCheck(input.slug, () => galleryStore.create(db, input));
    rebuild.schedule(`gallery "${input.slug}" created`);
    return c.json({ success: true, gallery: await galleryStore.find(db, id) }, 201);
  })

  .post('/update', contentStaff, jsonBody(galleryUpdateSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const input = c.req.valid('json');
    if (input.slug !== undefined && (await galleryStore.slugTaken(db, input.slug, input.id))) throw slugTaken(input.slug);
    const outcome = await withSlugCheck(input.slug, () => galleryStore.update(db, input));
    if (outcome === 'not-found') throw new AppError(404, GALLERY_NOT_FOUND);
    if (outcome === 'not-its-image') throw fieldError(400, 'hero_image_id', 'The hero image must be an image of this gallery.');
    const gallery = await galleryStore.find(db, input.id);
    rebuild.schedule(`gallery "${gallery?.slug}" updated`);
    return c.json({ success: true, gallery });
  })

  .post('/delete', contentStaff, jsonBody(galleryDeleteSchema), async (c) => {
    const { db, storage, rebuild } = c.var.deps;
    const keys = await galleryStore.delete(db, c.req.valid('json').id);
    if (keys === null) throw new AppError(404, GALLERY_NOT_FOUND);
    // After the rows are gone: a failed file delete leaves an unused file, never a broken image.
    await deleteStoredFiles(storage, keys);
    rebuild.schedule('gallery deleted');
    return c.json({ success: true });
  });
