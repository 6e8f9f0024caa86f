// Export and import of the whole site (decisions 0012 and 0022), for admins only: mounted at /api/admin.
import { type Context, Hono } from 'hono';
import { requireRole } from '#functions/auth/session.ts';
import { type AppEnv, nowOf } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { spoolInMemory, type SpooledBody } from '#core/spool.ts';
import { formBodyLimit, formFields, readMultipart } from '#core/form.ts';
import { ARCHIVE_ROLES } from '#core/roles.ts';
import { queryParams, parseOrThrow } from '#core/validate.ts';
import { streamArchive } from './export.ts';
import { importArchive } from './import.ts';
import { exportQuery, importForm, importQuery } from './schema.ts';
import { archiveFileName } from './file-name.ts';

/** What an import request may carry when the runtime sets no limit (AppDeps.archiveMaxBytes). */
export const DEFAULT_ARCHIVE_MAX_BYTES = 512 * 1024 * 1024;

const admins = requireRole(...ARCHIVE_ROLES);

/**
 * The archive and the confirmation, from either form of the request: the admin sends the file as
 * the whole body (application/zip, `?replace=1`), which is spooled as it arrives (AppDeps.spoolBody)
 * instead of being held in memory; a multipart form (`file`, `replace`) is read whole.
 */
async function receiveArchive(c: Context<AppEnv>): Promise<{ archive: SpooledBody; replace: boolean }> {
  if (/^application\/zip\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    const { replace } = parseOrThrow(importQuery, c.req.query());
    if (!c.req.raw.body) throw new AppError(400, 'file is required');
    return { archive: await (c.var.deps.spoolBody ?? spoolInMemory)(c.req.raw.body), replace: replace ?? false };
  }
  const { file, replace } = parseOrThrow(importForm, formFields(await readMultipart(c)));
  return { archive: await spoolInMemory(file.stream()), replace: replace ?? false };
}

export const archiveRoutes = new Hono<AppEnv>()
  .get('/export', admins, queryParams(exportQuery), async (c) => {
    const { db, storage } = c.var.deps;
    const now = nowOf(c.var.deps);
    const fileName = await archiveFileName(db, now);
    // Streamed as it is made (its length is not known before the end).
    const archive = await streamArchive({ db, storage }, { analytics: c.req.valid('query').analytics ?? false, now });
    return c.body(archive, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename=${fileName}`,
    });
  })
  .post(
    '/import',
    admins,
    (c, next) => {
      const limit = c.var.deps.archiveMaxBytes ?? DEFAULT_ARCHIVE_MAX_BYTES;
      const message = `The archive is too large (the limit is ${Math.round(limit / 1024 ** 2)} MB). Import it with npm run import, or raise ARCHIVE_MAX_BYTES.`;
      return formBodyLimit(limit, message)(c, next);
    },
    async (c) => {
      const { archive, replace } = await receiveArchive(c);
      const { db, storage, rebuild } = c.var.deps;
      try {
        const summary = await importArchive({ db, storage }, archive, { replace });
        rebuild.schedule('site imported');
        return c.json({ success: true, imported: summary });
      } finally {
        await archive.dispose();
      }
    },
  );
