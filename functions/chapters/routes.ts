// Chapters: readers page through a published story's published chapters; authors and admins
// manage every chapter, one at a time or by bulk Markdown upload. Every change republishes.
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { currentUser, requireRole } from '#functions/auth/session.ts';
import { foreignKeyViolation, uniqueViolation } from '#core/db-errors.ts';
import { type AppEnv, nowOf } from '#core/env.ts';
import { AppError, fieldError } from '#core/errors.ts';
import { filesIn, formBodyLimit, readMultipart } from '#core/form.ts';
import { CONTENT_ROLES, isContentRole } from '#core/roles.ts';
import { jsonBody, parseOrThrow, queryParams } from '#core/validate.ts';
import { ADMIN_CHAPTER_LIMIT, BULK_UPLOAD_MAX_BYTES, BULK_UPLOAD_MAX_FILES } from '#lib/limits.ts';
import { chapterPath, storyPath } from '#lib/reader-urls.ts';
import { RELEASED_AT_ONCE, resolveRelease } from '#functions/chapters/release-time.ts';
import { storyStore } from '#functions/stories/store.ts';
import { createPlanned } from './bulk-create.ts';
import { planBulkUpload } from './bulk-plan.ts';
import { moveChapter } from './move.ts';
import { importDocxRoutes } from './import-docx.ts';
import {
  bulkUploadFields,
  chapterCreateSchema,
  chapterDeleteSchema,
  chapterGetQuery,
  chapterGoQuery,
  chapterListQuery,
  chapterMoveSchema,
  chapterUpdateSchema,
} from './schema.ts';
import { type ChapterIdentity, chapterStore } from './store.ts';

const CHAPTER_NOT_FOUND = 'Chapter not found.';
const STORY_NOT_FOUND = 'Story not found.';
const CHANGED_ELSEWHERE = 'This chapter was changed elsewhere since you opened it.';

const numberTaken = (number: number) => fieldError(400, 'chapter_number', `Chapter ${number} is already used in this story.`);
const slugTaken = (slug: string) => fieldError(409, 'slug', `A chapter with the slug "${slug}" already exists in this story.`);

/** Refuses a number or slug another chapter of the story has, before and (for races) during the save. */
async function saveWithoutConflicts<T>(db: Kysely<Database>, storyId: number, wanted: ChapterIdentity, save: () => Promise<T>): Promise<T> {
  const conflict = await chapterStore.conflicting(db, storyId, wanted);
  if (conflict?.field === 'number') throw numberTaken(conflict.number!);
  if (conflict?.field === 'slug') throw slugTaken(conflict.slug);
  try {
    return await save();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'chapters_story_number_key') throw numberTaken(wanted.number!);
    if (constraint === 'chapters_story_slug_key') throw slugTaken(wanted.slug!);
    if (foreignKeyViolation(error) !== null) throw new AppError(404, STORY_NOT_FOUND);
    throw error;
  }
}

export const chapterRoutes = new Hono<AppEnv>()
  .get('/list', queryParams(chapterListQuery), async (c) => {
    const { db } = c.var.deps;
    const query = c.req.valid('query');
    const user = await currentUser(c);
    const staff = user !== null && isContentRole(user.role);

    // The admin's view of a story (every chapter, by story id) is for content staff only.
    if (query.story_id !== undefined) {
      if (!user) throw new AppError(401, 'Please sign in to continue.');
      if (!staff) throw new AppError(403, 'Your role does not allow this action.');
      const story = await storyStore.find(db, { id: query.story_id, publishedOnly: false });
      if (!story) throw new AppError(404, STORY_NOT_FOUND);
      if (query.chapter_number !== undefined) {
        const chapter = await chapterStore.findByNumber(db, story.id, query.chapter_number, { publishedOnly: false });
        if (!chapter) throw new AppError(404, CHAPTER_NOT_FOUND);
        return c.json({ success: true, chapters: [chapter], total: 1, page: 1, limit: 1 });
      }
      const { chapters, total } = await chapterStore.listForAdmin(db, story.id, query.limit);
      return c.json({ success: true, chapters, total, page: 1, limit: query.limit });
    }

    const story = await storyStore.find(db, { slug: query.story_slug!, status: 'published', publishedOnly: true });
    if (!story) throw new AppError(404, STORY_NOT_FOUND);
    if (query.chapter_number !== undefined) {
      const chapter = await chapterStore.findByNumber(db, story.id, query.chapter_number, { publishedOnly: true });
      if (!chapter) throw new AppError(404, CHAPTER_NOT_FOUND);
      return c.json({ success: true, chapters: [chapter], total: 1, page: 1, limit: 1 });
    }
    const { chapters, total } = await chapterStore.page(db, story.id, { page: query.page, limit: query.limit, publishedOnly: true });
    return c.json({ success: true, chapters, total, page: query.page, limit: query.limit });
  })

  // 'Go to chapter' without scripts: the story page's form lands here and is sent on to the chapter's page.
  .get('/go', queryParams(chapterGoQuery), async (c) => {
    const { db } = c.var.deps;
    const query = c.req.valid('query');
    const story = await storyStore.find(db, { slug: query.story_slug, status: 'published', publishedOnly: true });
    if (!story) throw new AppError(404, STORY_NOT_FOUND);
    const number = await chapterStore.publishedNumberFrom(db, story.id, query.chapter_number);
    return c.redirect(number === null ? `${storyPath(story.slug)}/` : `${chapterPath(story.slug, number)}/`, 303);
  })

  // The editor and the preview load a chapter by id, whatever its status.
  .get('/get', requireRole(...CONTENT_ROLES), queryParams(chapterGetQuery), async (c) => {
    const chapter = await chapterStore.findById(c.var.deps.db, c.req.valid('query').id);
    if (!chapter) throw new AppError(404, CHAPTER_NOT_FOUND);
    return c.json({ success: true, chapter });
  })

  .post('/create', requireRole(...CONTENT_ROLES), jsonBody(chapterCreateSchema), async (c) => {
    const { deps } = c.var;
    const { db, rebuild } = deps;
    const input = c.req.valid('json');
    const { fields, releasedAtOnce } = resolveRelease(input, nowOf(deps));
    if (!(await storyStore.find(db, { id: input.story_id, publishedOnly: false }))) throw new AppError(404, STORY_NOT_FOUND);
    const id = await saveWithoutConflicts(db, input.story_id, { number: input.chapter_number, slug: input.slug }, () =>
      chapterStore.create(db, fields, { by: c.var.user.id }),
    );
    if (fields.release_at) deps.releasesChanged?.();
    rebuild.schedule(`chapter ${input.chapter_number} created`);
    return c.json(
      { success: true, chapter: await chapterStore.findById(db, id), ...(releasedAtOnce && { message: RELEASED_AT_ONCE }) },
      201,
    );
  })

  .post('/update', requireRole(...CONTENT_ROLES), jsonBody(chapterUpdateSchema), async (c) => {
    const { deps } = c.var;
    const { db, rebuild } = deps;
    const { expected_updated_at, ...input } = c.req.valid('json');
    const { fields, releasedAtOnce } = resolveRelease(input, nowOf(deps));
    const version = await chapterStore.versionOf(db, input.id);
    if (version === null) throw new AppError(404, CHAPTER_NOT_FOUND);
    const expected = expected_updated_at === undefined ? undefined : new Date(expected_updated_at);
    // Nothing is written on a conflict: the client shows both versions (docs/product.md, Autosave,
    // conflicts and revisions). Checked before the number and slug, so a save from before a move
    // meets the conflict view rather than "number already used"; the UPDATE checks again for races.
    const changedElsewhere = async () =>
      c.json({ success: false, error: CHANGED_ELSEWHERE, chapter: await chapterStore.findById(db, input.id) }, 409);
    if (expected && expected.getTime() !== version.updatedAt.getTime()) return changedElsewhere();
    const wanted = { number: input.chapter_number, slug: input.slug, exceptId: input.id };
    const outcome = await saveWithoutConflicts(db, version.storyId, wanted, () =>
      chapterStore.update(db, fields, { expected, by: c.var.user.id }),
    );
    if (outcome === 'missing') throw new AppError(404, CHAPTER_NOT_FOUND);
    if (outcome === 'stale') return changedElsewhere();
    const chapter = await chapterStore.findById(db, input.id);
    if (fields.release_at !== undefined) deps.releasesChanged?.();
    rebuild.schedule(`chapter ${chapter?.chapter_number} updated`);
    return c.json({ success: true, chapter, ...(releasedAtOnce && { message: RELEASED_AT_ONCE }) });
  })

  .post('/delete', requireRole(...CONTENT_ROLES), jsonBody(chapterDeleteSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const { id } = c.req.valid('json');
    if (!(await chapterStore.delete(db, id))) throw new AppError(404, CHAPTER_NOT_FOUND);
    rebuild.schedule('chapter deleted');
    return c.json({ success: true });
  })

  .post('/move', requireRole(...CONTENT_ROLES), jsonBody(chapterMoveSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const { id, chapter_number } = c.req.valid('json');
    const moved = await moveChapter(db, id, chapter_number);
    if (!moved) throw new AppError(404, CHAPTER_NOT_FOUND);
    if (moved.renumbered > 0) rebuild.schedule('chapters renumbered');
    const { chapters } = await chapterStore.listForAdmin(db, moved.storyId, ADMIN_CHAPTER_LIMIT);
    return c.json({ success: true, chapters });
  })

  .post(
    '/bulk-upload',
    requireRole(...CONTENT_ROLES),
    formBodyLimit(BULK_UPLOAD_MAX_BYTES, `The upload is too large (at most ${BULK_UPLOAD_MAX_BYTES / 1024 / 1024} MB at once).`),
    async (c) => {
      const { db, rebuild } = c.var.deps;
      const form = await readMultipart(c);
      const { story_id, status } = parseOrThrow(bulkUploadFields, {
        story_id: form.get('story_id'),
        status: form.get('status') ?? undefined,
      });
      const files = filesIn(form, 'markdown_files[]', 'markdown_files');
      if (files.length === 0) throw new AppError(400, 'Choose at least one .md, .markdown or .txt file.');
      if (files.length > BULK_UPLOAD_MAX_FILES) throw new AppError(400, `Upload at most ${BULK_UPLOAD_MAX_FILES} files at once.`);
      if (!(await storyStore.find(db, { id: story_id, publishedOnly: false }))) throw new AppError(404, STORY_NOT_FOUND);

      const uploaded = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
      const plan = planBulkUpload(uploaded, await chapterStore.taken(db, story_id), status);
      const answer = await createPlanned(db, story_id, plan, c.var.user.id);
      if (answer.uploaded_count > 0) rebuild.schedule(`${answer.uploaded_count} chapters uploaded`);
      return c.json(answer);
    },
  )
  .route('/', importDocxRoutes);
