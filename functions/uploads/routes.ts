// Uploaded files: staff upload, list and delete them (/api/images/...); anyone may read them
// (/api/uploads/...). Content routes are for admins and authors; a moderator gets 403.
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { UPLOADS_URL_PREFIX, uploadUrl } from '../../src/lib/upload-paths.ts';
import { requireRole } from '../auth/session.ts';
import type { AppEnv } from '../core/env.ts';
import { AppError } from '../core/errors.ts';
import { jsonBody } from '../core/validate.ts';
import { IMAGE_FORMATS, sniffImageFormat } from './image-bytes.ts';
import { UPLOAD_FOLDERS } from '../../src/lib/upload-kinds.ts';
import { manageActionSchema } from './schema.ts';
import { managedKeyOf, safeKeyOrNull, uploadStore } from './store.ts';
import { readImageUpload, uploadBodyLimit } from './upload-form.ts';
import { deleteUpload, uploadUses, withUses } from './usage.ts';

const staffOnly = requireRole('admin', 'author');

/** Mounted at /api/images, beside the gallery image routes (another sub-app on the same base). */
export const imageUploadRoutes = new Hono<AppEnv>()
  .post('/upload', staffOnly, uploadBodyLimit, async (c) => {
    const { type, bytes, image } = await readImageUpload(c);
    const key = await uploadStore.save(c.var.deps.storage, UPLOAD_FOLDERS[type], bytes, image);
    return c.json({ success: true, url: uploadUrl(key), path: key, filename: key.slice(key.indexOf('/') + 1) });
  })
  .get('/list-pagebreaks', staffOnly, async (c) => {
    const files = await uploadStore.list(c.var.deps.storage, 'pagebreaks');
    return c.json({ success: true, images: files.map(({ url, filename }) => ({ url, filename })) });
  })
  .get('/manage', staffOnly, async (c) => {
    const { storage, db } = c.var.deps;
    const [uploads, uses] = await Promise.all([uploadStore.listAll(storage), uploadUses(db)]);
    return c.json({ success: true, uploads: withUses(uploads, uses) });
  })
  .post('/manage', staffOnly, jsonBody(manageActionSchema), async (c) => {
    const { path, force = false } = c.req.valid('json');
    const key = managedKeyOf(path);
    if (!key) throw new AppError(400, 'path must name a file in covers, pagebreaks or general.');
    const cleared = await deleteUpload(c.var.deps, key, force);
    return c.json({ success: true, ...(cleared.length > 0 && { cleared }) });
  });

/** A strong validator from the bytes themselves: base64url of the first 16 bytes of their SHA-256. */
async function contentTag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)).subarray(0, 16);
  return `"${btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

/**
 * Mounted at /api/uploads. Names never change content (each upload gets a new random name), so
 * answers may be cached for a year; the ETag still follows the bytes, so a file replaced behind
 * our back is not served stale to revalidating clients. The key is read from the request's own
 * path, not the `.php`-stripped routing path, so "x.png.php" never aliases "x.png".
 */
export const uploadFileRoutes = new Hono<AppEnv>().get('/*', etag(), async (c) => {
  const { pathname } = new URL(c.req.url);
  const key = pathname.startsWith(UPLOADS_URL_PREFIX) ? safeKeyOrNull(pathname.slice(UPLOADS_URL_PREFIX.length)) : null;
  const file = key ? await c.var.deps.storage.get(key) : null;
  if (!file) throw new AppError(404, 'File not found');
  // The type comes from the bytes, never from what was stored with them.
  const body = file.body as Uint8Array<ArrayBuffer>; // storages hand out plain (non-shared) buffers
  const format = sniffImageFormat(body);
  return c.body(body, 200, {
    'Content-Type': format ? IMAGE_FORMATS[format].mime : 'application/octet-stream',
    ...(format ? {} : { 'Content-Disposition': 'attachment' }),
    'Content-Length': String(body.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: await contentTag(body),
  });
});
