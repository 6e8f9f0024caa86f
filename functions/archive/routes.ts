// Export and import of the whole site (issue 10, item 4), for admins only: mounted at /api/admin.
import { Hono } from 'hono';
import { requireRole } from '../auth/session.ts';
import type { AppEnv } from '../core/env.ts';
import { formBodyLimit, formFields, readMultipart } from '../core/form.ts';
import { ARCHIVE_ROLES } from '../core/roles.ts';
import { queryParams, parseOrThrow } from '../core/validate.ts';
import { streamArchive } from './export.ts';
import { importArchive } from './import.ts';
import { importForm, exportQuery } from './schema.ts';
import { archiveFileName } from './file-name.ts';

/** What an import request may carry when the runtime sets no limit (AppDeps.archiveMaxBytes). */
export const DEFAULT_ARCHIVE_MAX_BYTES = 512 * 1024 * 1024;

const admins = requireRole(...ARCHIVE_ROLES);

export const archiveRoutes = new Hono<AppEnv>()
  .get('/export', admins, queryParams(exportQuery), async (c) => {
    const { db, storage } = c.var.deps;
    const fileName = await archiveFileName(db, new Date());
    // Streamed as it is made (its length is not known before the end).
    return c.body(streamArchive({ db, storage }, { analytics: c.req.valid('query').analytics ?? false }), 200, {
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
      const { file, replace } = parseOrThrow(importForm, formFields(await readMultipart(c)));
      const { db, storage, rebuild } = c.var.deps;
      const summary = await importArchive({ db, storage }, new Uint8Array(await file.arrayBuffer()), { replace: replace ?? false });
      rebuild.schedule('site imported');
      return c.json({ success: true, imported: summary });
    },
  );
