// POST /api/stories/schedule: a story's recurring release schedule. Saving one gives the story's
// drafts that have no release time yet the schedule's next free times, in chapter order, after
// the story's last scheduled release (so a second run continues where the first one stopped).
import { Hono } from 'hono';
import { formatReleaseTime, nextReleaseTimes } from '#lib/releases.ts';
import { requireRole } from '#functions/auth/session.ts';
import { type AppEnv, nowOf } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { jsonBody } from '#core/validate.ts';
import { profileStore } from '#functions/site/store.ts';
import { storyStore } from '#functions/stories/store.ts';
import { storyScheduleSchema } from './schema.ts';
import { releaseStore } from './store.ts';

export const NO_DRAFTS_TO_SCHEDULE =
  'There are no drafts without a release time in this story, so nothing was scheduled. Add draft chapters first.';

export const releaseRoutes = new Hono<AppEnv>().post(
  '/schedule',
  requireRole(...CONTENT_ROLES),
  jsonBody(storyScheduleSchema),
  async (c) => {
    const { deps } = c.var;
    const { story_id, schedule } = c.req.valid('json');
    if (!(await storyStore.find(deps.db, { id: story_id, publishedOnly: false }))) throw new AppError(404, 'Story not found.');

    if (schedule === null) {
      await releaseStore.saveSchedule(deps.db, story_id, null, []);
      return c.json({ success: true, scheduled: [], message: 'The release schedule was removed; chapters keep their release times.' });
    }

    const { drafts, lastReleaseAt } = await releaseStore.unscheduledDrafts(deps.db, story_id);
    if (drafts.length === 0) throw new AppError(409, NO_DRAFTS_TO_SCHEDULE);
    const now = nowOf(deps);
    const { time_zone } = await profileStore.get(deps.db);
    const after = lastReleaseAt && lastReleaseAt > now ? lastReleaseAt : now;
    const times = nextReleaseTimes(schedule, time_zone, after, drafts.length);
    const releases = drafts.map((draft, i) => ({ ...draft, release_at: times[i]! }));
    await releaseStore.saveSchedule(deps.db, story_id, schedule, releases);

    deps.releasesChanged?.();
    deps.rebuild.schedule('release schedule saved');
    const first = formatReleaseTime(releases[0]!.release_at, time_zone);
    return c.json({
      success: true,
      scheduled: releases.map(({ id, chapter_number, release_at }) => ({ id, chapter_number, release_at: release_at.toISOString() })),
      message: `${releases.length === 1 ? '1 chapter' : `${releases.length} chapters`} scheduled, the first on ${first}.`,
    });
  },
);
