// POST /api/stories/schedule: a recurring schedule gives the story's unscheduled drafts their
// release times in chapter order, in the author's time zone.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit, expectError, FORBIDDEN, SIGN_IN, STORY_NOT_FOUND } from '#functions/chapters/test-kit.ts';
import { NO_DRAFTS_TO_SCHEDULE } from './routes.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);

const SUNDAY_NOON = new Date('2026-11-22T12:00:00Z');
const TUESDAY_AND_FRIDAY = { weekdays: [5, 2], time: '18:00' };

async function setTimeZone(zone: string) {
  await t.database.db.insertInto('author_profile').values({ id: 1, name: 'Mara', time_zone: zone }).execute();
}

const schedule = (cookie: string, json: object) => t.call('/api/stories/schedule', { cookie, json });
const releaseTimes = async () => (await chapterRows()).map((row) => [row.chapter_number, row.release_at?.toISOString() ?? null]);

describe('POST /api/stories/schedule', () => {
  it('gives the drafts the next Tuesdays and Fridays at 18:00 Berlin time, in chapter order', async () => {
    t.clock.now = SUNDAY_NOON;
    await setTimeZone('Europe/Berlin');
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(
      storyId,
      { chapter_number: 1 },
      { chapter_number: 3, status: 'draft' },
      { chapter_number: 2, status: 'draft' },
      { chapter_number: 4, status: 'draft' },
    );

    const res = await schedule(cookie, { story_id: storyId, schedule: TUESDAY_AND_FRIDAY });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('3 chapters scheduled, the first on Tuesday, November 24, 2026 at 6:00 PM GMT+1.');
    expect(await releaseTimes()).toEqual([
      [1, null],
      [2, '2026-11-24T17:00:00.000Z'],
      [3, '2026-11-27T17:00:00.000Z'],
      [4, '2026-12-01T17:00:00.000Z'],
    ]);
    const story = await t.database.db.selectFrom('stories').select('release_schedule').executeTakeFirstOrThrow();
    expect(story.release_schedule).toEqual({ weekdays: [2, 5], time: '18:00' });
    expect(t.releaseChanges).toBe(1);
    expect(t.rebuilds).toEqual(['release schedule saved']);
  });

  it('continues after the last scheduled chapter when run again for new drafts', async () => {
    t.clock.now = SUNDAY_NOON;
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(
      storyId,
      { chapter_number: 1, status: 'draft', release_at: '2026-12-04T18:00:00Z' },
      { chapter_number: 2, status: 'draft' },
    );
    await schedule(cookie, { story_id: storyId, schedule: TUESDAY_AND_FRIDAY });
    expect(await releaseTimes()).toEqual([
      [1, '2026-12-04T18:00:00.000Z'],
      [2, '2026-12-08T18:00:00.000Z'], // UTC: the next Tuesday after Friday the 4th
    ]);
  });

  it('does nothing and says so when there are no drafts to fill', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 1 }, { chapter_number: 2, status: 'draft', release_at: '2099-01-01T00:00:00Z' });
    await expectError(schedule(cookie, { story_id: storyId, schedule: TUESDAY_AND_FRIDAY }), 409, NO_DRAFTS_TO_SCHEDULE);
    const story = await t.database.db.selectFrom('stories').select('release_schedule').executeTakeFirstOrThrow();
    expect(story.release_schedule).toBeNull();
    expect(t.rebuilds).toEqual([]);
  });

  it('removes the schedule with null and keeps the chapters’ release times', async () => {
    t.clock.now = SUNDAY_NOON;
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 1, status: 'draft' });
    await schedule(cookie, { story_id: storyId, schedule: TUESDAY_AND_FRIDAY });
    const res = await schedule(cookie, { story_id: storyId, schedule: null });
    expect(await res.json()).toMatchObject({ success: true, scheduled: [] });
    expect(await releaseTimes()).toEqual([[1, '2026-11-24T18:00:00.000Z']]);
    const story = await t.database.db.selectFrom('stories').select('release_schedule').executeTakeFirstOrThrow();
    expect(story.release_schedule).toBeNull();
  });

  it.each([
    ['no day', { weekdays: [], time: '18:00' }, 'The release days must include at least one day'],
    ['a day out of range', { weekdays: [7], time: '18:00' }, 'schedule.weekdays.0 must be 0 (Sunday) to 6 (Saturday)'],
    ['a day that is text', { weekdays: ['tue'], time: '18:00' }, null],
    ['an hour out of range', { weekdays: [2], time: '24:00' }, 'The release time must be a time of day such as 18:00'],
    ['a time with HTML', { weekdays: [2], time: '<b>18:00</b>' }, 'The release time must be a time of day such as 18:00'],
    ['an unknown field', { weekdays: [2], time: '18:00', every: 'week' }, 'Unknown field: every'],
  ])('refuses a schedule with %s', async (_, value, message) => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 1, status: 'draft' });
    const res = await schedule(cookie, { story_id: storyId, schedule: value });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    if (message) expect(error).toBe(message);
    else expect(error).toMatch(/^schedule/);
    expect(await releaseTimes()).toEqual([[1, null]]);
  });

  it('answers 404 for an unknown story', async () => {
    const cookie = await t.signedInAs('author');
    await expectError(schedule(cookie, { story_id: 999, schedule: TUESDAY_AND_FRIDAY }), 404, STORY_NOT_FOUND);
  });

  it('is for content staff only', async () => {
    const storyId = await insertStory();
    await expectError(t.call('/api/stories/schedule', { json: { story_id: storyId, schedule: null } }), 401, SIGN_IN);
    await expectError(schedule(await t.signedInAs('mod'), { story_id: storyId, schedule: null }), 403, FORBIDDEN);
  });
});
