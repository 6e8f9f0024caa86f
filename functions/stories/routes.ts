// Stories: readers list the published ones; authors and admins manage all of them. Every change
// republishes the site.
import { Hono } from 'hono';
import { currentUser, requireRole } from '#functions/auth/session.ts';
import { uniqueViolation } from '#core/db-errors.ts';
import type { AppEnv } from '#core/env.ts';
import { AppError, fieldError } from '#core/errors.ts';
import { jsonBody, queryParams } from '#core/validate.ts';
import { CONTENT_ROLES, isContentRole } from '#core/roles.ts';
import { storyCreateSchema, storyDeleteSchema, storyListQuery, storyUpdateSchema } from './schema.ts';
import { storyStore } from './store.ts';

const STORY_NOT_FOUND = 'Story not found.';
const slugTaken = (slug: string) => fieldError(409, 'slug', `A story with the slug "${slug}" already exists.`);

/** Saves, turning a slug that another request took in the meantime into the same 409. */
async function withSlugCheck<T>(slug: string | undefined, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (slug !== undefined && uniqueViolation(error) === 'stories_slug_key') throw slugTaken(slug);
    throw error;
  }
}

export const storyRoutes = new Hono<AppEnv>()
  .get('/list', queryParams(storyListQuery), async (c) => {
    const { db } = c.var.deps;
    const { status, slug } = c.req.valid('query');
    // Readers see published stories; drafts, archives and the full list are for content staff.
    const needsStaff = slug === undefined ? status !== 'published' : false;
    const user = await currentUser(c);
    const staff = user !== null && isContentRole(user.role);
    if (needsStaff && !user) throw new AppError(401, 'Please sign in to continue.');
    if (needsStaff && !staff) throw new AppError(403, 'Your role does not allow this action.');

    if (slug !== undefined) {
      const story = await storyStore.find(db, { slug, publishedOnly: !staff, ...(staff ? {} : { status: 'published' }) });
      if (!story) throw new AppError(404, STORY_NOT_FOUND);
      return c.json({ success: true, stories: [story] });
    }
    const stories = await storyStore.list(db, { ...(status ? { status } : {}), publishedOnly: !staff || status === 'published' });
    return c.json({ success: true, stories });
  })

  .post('/create', requireRole(...CONTENT_ROLES), jsonBody(storyCreateSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const input = c.req.valid('json');
    if (await storyStore.slugTaken(db, input.slug)) throw slugTaken(input.slug);
    const id = await withSlugCheck(input.slug, () => storyStore.create(db, input));
    rebuild.schedule(`story "${input.slug}" created`);
    return c.json({ success: true, story: await storyStore.find(db, { id, publishedOnly: false }) }, 201);
  })

  .post('/update', requireRole(...CONTENT_ROLES), jsonBody(storyUpdateSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const input = c.req.valid('json');
    if (input.slug !== undefined && (await storyStore.slugTaken(db, input.slug, input.id))) throw slugTaken(input.slug);
    if (!(await withSlugCheck(input.slug, () => storyStore.update(db, input)))) throw new AppError(404, STORY_NOT_FOUND);
    const story = await storyStore.find(db, { id: input.id, publishedOnly: false });
    rebuild.schedule(`story "${story?.slug}" updated`);
    return c.json({ success: true, story });
  })

  .post('/delete', requireRole(...CONTENT_ROLES), jsonBody(storyDeleteSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    const { id } = c.req.valid('json');
    if (!(await storyStore.delete(db, id))) throw new AppError(404, STORY_NOT_FOUND);
    rebuild.schedule('story deleted');
    return c.json({ success: true });
  });
