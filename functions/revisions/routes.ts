// A chapter's history: its revisions, one revision's text, and restoring one (docs/product.md,
// Autosave, conflicts and revisions). A restore is a save like any other, and itself a revision.
import { Hono } from 'hono';
import type { AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { jsonBody, queryParams } from '#core/validate.ts';
import { requireRole } from '#functions/auth/session.ts';
import { chapterStore } from '#functions/chapters/store.ts';
import { revisionListQuery, revisionQuery, revisionRestoreSchema } from './schema.ts';
import { revisionStore } from './store.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found.';
const REVISION_NOT_FOUND = 'Revision not found.';

export const revisionRoutes = new Hono<AppEnv>()
  .get('/revisions', requireRole(...CONTENT_ROLES), queryParams(revisionListQuery), async (c) => {
    const { db } = c.var.deps;
    const { chapter_id } = c.req.valid('query');
    if ((await chapterStore.storyIdOf(db, chapter_id)) === null) throw new AppError(404, CHAPTER_NOT_FOUND);
    return c.json({ success: true, revisions: await revisionStore.list(db, chapter_id) });
  })

  .get('/revision', requireRole(...CONTENT_ROLES), queryParams(revisionQuery), async (c) => {
    const revision = await revisionStore.find(c.var.deps.db, c.req.valid('query').id);
    if (!revision) throw new AppError(404, REVISION_NOT_FOUND);
    return c.json({ success: true, revision });
  })

  .post('/revisions/restore', requireRole(...CONTENT_ROLES), jsonBody(revisionRestoreSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const { id, chapter_id } = c.req.valid('json');
    const revision = await revisionStore.find(db, id);
    if (revision?.chapter_id !== chapter_id) throw new AppError(404, REVISION_NOT_FOUND);
    const { title, content } = revision;
    const outcome = await chapterStore.update(db, { id: chapter_id, title, content }, { by: c.var.user.id, kind: 'restore' });
    if (outcome !== 'saved') throw new AppError(404, CHAPTER_NOT_FOUND);
    const chapter = await chapterStore.findById(db, chapter_id);
    rebuild.schedule(`chapter ${chapter?.chapter_number} restored`);
    return c.json({ success: true, chapter });
  });
