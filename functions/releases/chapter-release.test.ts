// Scheduled chapters through the chapter API: a future release time schedules a draft, a past
// one publishes at once and says so; a scheduled chapter is invisible to readers until released.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit, expectError } from '#functions/chapters/test-kit.ts';
import { RELEASED_AT_ONCE } from './release-time.ts';

const t = useApiTestContext();
const { insertStory, insertChapters } = chapterTestKit(t);

const NOW = new Date('2026-11-22T12:00:00Z');
const LATER = '2026-11-24T17:00:00.000Z';

async function createChapter(cookie: string, storyId: number, fields: Record<string, unknown>) {
  return t.call('/api/chapters/create', {
    cookie,
    json: { story_id: storyId, title: 'The Drift', slug: 'the-drift', content: 'Text.', chapter_number: 2, ...fields },
  });
}

describe('a release time on a chapter', () => {
  it('schedules a draft for a future time, tells the release timer, and keeps it from readers', async () => {
    t.clock.now = NOW;
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 1 });
    const res = await createChapter(cookie, storyId, { release_at: '2026-11-24T18:00:00+01:00' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.chapter).toMatchObject({ status: 'draft', release_at: LATER });
    expect(body.message).toBeUndefined();
    expect(t.releaseChanges).toBe(1);

    const list = await (await t.call('/api/chapters/list?story_slug=the-lantern-fleet')).json();
    expect(list.chapters.map((c: { chapter_number: number }) => c.chapter_number)).toEqual([1]);
    expect(list.total).toBe(1);
    await expectError(t.call('/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=2'), 404, 'Chapter not found.');
    const { stories } = await (await t.call('/api/stories/list?status=published')).json();
    expect(stories[0]).toMatchObject({ chapter_count: 1, next_release_at: LATER });
  });

  it('publishes at once when the release time has passed, and says so', async () => {
    t.clock.now = NOW;
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const res = await createChapter(cookie, storyId, { release_at: '2026-11-22T11:59:59Z' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.chapter).toMatchObject({ status: 'published', release_at: null });
    expect(body.message).toBe(RELEASED_AT_ONCE);
  });

  it('treats a release time equal to now as passed', async () => {
    t.clock.now = NOW;
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    const [id] = await insertChapters(storyId, { chapter_number: 1, status: 'draft' });
    const res = await t.call('/api/chapters/update', { cookie, json: { id, release_at: NOW.toISOString() } });
    expect(await res.json()).toMatchObject({ chapter: { status: 'published', release_at: null }, message: RELEASED_AT_ONCE });
  });

  it('refuses a release time together with status published', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await expectError(
      createChapter(cookie, storyId, { status: 'published', release_at: '2099-01-01T00:00:00Z' }),
      400,
      'A chapter is either published or scheduled: save it as a draft to give it a release time.',
    );
  });

  it.each([
    ['no time zone', '2026-11-24T18:00:00'],
    ['a date only', '2026-11-24'],
    ['words', 'next tuesday'],
    ['a number', 1764003600000],
    ['HTML', '<script>alert(1)</script>'],
    ['a NUL byte', '2026-11-24T18:00:00Z\u0000'],
    ['past the year 9999 in UTC', '9999-12-31T23:00:00-12:00'],
    ['in the year 0', '0000-06-01T00:00:00Z'],
  ])('refuses a release time that is %s', async (_, release_at) => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const res = await createChapter(cookie, storyId, { release_at });
    expect(res.status).toBe(400);
    const { error, fields } = await res.json();
    expect(error).toMatch(/^The release time /);
    expect(fields).toEqual({ release_at: error });
    expect(await t.database.db.selectFrom('chapters').select('id').execute()).toEqual([]);
  });

  it('unschedules with null, and publishing by hand ends the schedule', async () => {
    t.clock.now = NOW;
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const [a, b] = await insertChapters(
      storyId,
      { chapter_number: 1, status: 'draft', release_at: LATER },
      { chapter_number: 2, status: 'draft', release_at: LATER },
    );
    const unscheduled = await (await t.call('/api/chapters/update', { cookie, json: { id: a, release_at: null } })).json();
    expect(unscheduled.chapter).toMatchObject({ status: 'draft', release_at: null });
    const published = await (await t.call('/api/chapters/update', { cookie, json: { id: b, status: 'published' } })).json();
    expect(published.chapter).toMatchObject({ status: 'published', release_at: null });
    // Back to draft: it must not come back as scheduled.
    const drafted = await (await t.call('/api/chapters/update', { cookie, json: { id: b, status: 'draft' } })).json();
    expect(drafted.chapter).toMatchObject({ status: 'draft', release_at: null });
    expect(t.releaseChanges).toBe(2);
  });

  it('shows staff every scheduled chapter with its time', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 1 }, { chapter_number: 2, status: 'draft', release_at: LATER });
    const { chapters } = await (await t.call(`/api/chapters/list?story_id=${storyId}`, { cookie })).json();
    expect(chapters.map((c: { status: string; release_at: string | null }) => [c.status, c.release_at])).toEqual([
      ['published', null],
      ['draft', LATER],
    ]);
  });
});
