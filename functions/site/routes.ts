// The author's public identity: profile and social links. Reads are public (the site and the
// build use them); writes are for the author and admins, and republish the site.
import { Hono } from 'hono';
import type { AppEnv } from '#core/env.ts';
import { jsonBody } from '#core/validate.ts';
import { requireRole } from '#functions/auth/session.ts';
import { profileUpdateSchema, socialsUpdateSchema } from './schema.ts';
import { profileStore, socialStore } from './store.ts';

export const authorRoutes = new Hono<AppEnv>()
  .get('/get', async (c) => c.json({ success: true, profile: await profileStore.get(c.var.deps.db) }))
  .post('/update', requireRole('admin', 'author'), jsonBody(profileUpdateSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    await profileStore.save(db, c.req.valid('json'));
    rebuild.schedule('author profile updated');
    return c.json({ success: true, profile: await profileStore.get(db) });
  });

export const socialRoutes = new Hono<AppEnv>()
  .get('/get', async (c) => c.json({ success: true, socials: await socialStore.get(c.var.deps.db) }))
  .post('/update', requireRole('admin', 'author'), jsonBody(socialsUpdateSchema), async (c) => {
    const { db, rebuild } = c.var.deps;
    await socialStore.save(db, c.req.valid('json'));
    rebuild.schedule('social links updated');
    return c.json({ success: true, socials: await socialStore.get(db) });
  });
