// The working copy the editor autosaves while the author types: kept beside the chapter, never
// the chapter itself, so it neither publishes nor changes what readers see (docs/product.md,
// Autosave, conflicts and revisions).
import { Hono } from 'hono';
import { foreignKeyViolation } from '#core/db-errors.ts';
import type { AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { jsonBody, queryParams } from '#core/validate.ts';
import { requireRole } from '#functions/auth/session.ts';
import { chapterStore } from '#functions/chapters/store.ts';
import { revisionStore } from '#functions/revisions/store.ts';
import { autosaveQuery, autosaveSchema } from './schema.ts';
import { autosaveStore } from './store.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found.';

export const autosaveRoutes = new Hono<AppEnv>()
  .post('/autosave', requireRole(...CONTENT_ROLES), jsonBody(autosaveSchema), async (c) => {
    const { db } = c.var.deps;
    const { chapter_id, ...text } = c.req.valid('json');
    const by = c.var.user.id;
    try {
      const savedAt = await db.transaction().execute(async (trx) => {
        const at = await autosaveStore.save(trx, chapter_id, text, by);
        await revisionStore.keepAutosave(trx, chapter_id, text, by);
        return at;
      });
      return c.json({ success: true, saved_at: savedAt.toISOString() });
    } catch (error) {
      if (foreignKeyViolation(error) !== null) throw new AppError(404, CHAPTER_NOT_FOUND);
      throw error;
    }
  })

  .get('/autosave', requireRole(...CONTENT_ROLES), queryParams(autosaveQuery), async (c) => {
    const { db } = c.var.deps;
    const { chapter_id } = c.req.valid('query');
    const autosave = await autosaveStore.find(db, chapter_id);
    if (!autosave && (await chapterStore.storyIdOf(db, chapter_id)) === null) throw new AppError(404, CHAPTER_NOT_FOUND);
    return c.json({ success: true, autosave });
  });
