// The Analytics Dashboard's calls, for admins only (functions/core/roles.ts):
// summary, segment and content, and the retention of one story's chapters. Each first rolls up
// the finished days not rolled up yet (report-period.ts), so the numbers are whole without a timer.
import { Hono } from 'hono';
import { requireRole } from '#functions/auth/session.ts';
import { type AppEnv, nowOf } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { ANALYTICS_ROLES } from '#core/roles.ts';
import { queryParams } from '#core/validate.ts';
import { openPeriod } from './report-period.ts';
import { contentQuery, retentionQuery, segmentQuery, summaryQuery } from './report-schema.ts';
import { contentReport, retentionReport, segmentReport, summaryReport } from './report.ts';

export const STORY_NOT_FOUND = 'Story not found.';

const admins = requireRole(...ANALYTICS_ROLES);

export const analyticsAdminRoutes = new Hono<AppEnv>()
  .get('/summary', admins, queryParams(summaryQuery), async (c) => {
    const { deps } = c.var;
    const { db } = deps;
    const period = await openPeriod(db, c.req.valid('query').days, nowOf(deps));
    return c.json({ success: true, data: await summaryReport(db, period) });
  })

  .get('/segment', admins, queryParams(segmentQuery), async (c) => {
    const { deps } = c.var;
    const { db } = deps;
    const { days, segment } = c.req.valid('query');
    const segments = await segmentReport(db, await openPeriod(db, days, nowOf(deps)), segment);
    return c.json({ success: true, data: { segments } });
  })

  .get('/content', admins, queryParams(contentQuery), async (c) => {
    const { deps } = c.var;
    const { db } = deps;
    const { days, type } = c.req.valid('query');
    const content = await contentReport(db, await openPeriod(db, days, nowOf(deps)), type);
    return c.json({ success: true, data: { content } });
  })

  .get('/retention', admins, queryParams(retentionQuery), async (c) => {
    const { deps } = c.var;
    const { db } = deps;
    const { days, story } = c.req.valid('query');
    const retention = await retentionReport(db, await openPeriod(db, days, nowOf(deps)), story);
    if (!retention) throw new AppError(404, STORY_NOT_FOUND);
    return c.json({ success: true, data: retention });
  });
