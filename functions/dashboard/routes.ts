import { Hono } from 'hono';
import type { AppEnv } from '#core/env.ts';
import { requireRole } from '#functions/auth/session.ts';
import { publishStateFor } from '#core/rebuild.ts';
import { readQuickStats } from './store.ts';

export const dashboardRoutes = new Hono<AppEnv>()
  .get('/quick-stats', requireRole(), async (c) => c.json({ success: true, data: await readQuickStats(c.var.deps.db) }))
  // Whether the public site shows the latest changes: any staff member may see it, the details admins only.
  .get('/publish-state', requireRole(), async (c) =>
    c.json({ success: true, state: publishStateFor(c.var.user.role, await c.var.deps.rebuild.state()) }),
  );
