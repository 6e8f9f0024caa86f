import { Hono } from 'hono';
import type { AppEnv } from '../core/env.ts';
import { requireRole } from '../auth/session.ts';
import { readQuickStats } from './store.ts';

export const dashboardRoutes = new Hono<AppEnv>().get('/quick-stats', requireRole(), async (c) =>
  c.json({ success: true, data: await readQuickStats(c.var.deps.db) }),
);
