// Daily rollups (decision 0010): a rolled-up day answers exactly as it did live, no day is counted
// twice, raw events are pruned only once rolled up, and the rollups keep no visitor key, address
// or user agent.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { AUDIENCE_SEGMENTS, CONTENT_KINDS } from '#lib/analytics-report.ts';
import {
  chapterDepth,
  chapterView,
  createGallery,
  createStory,
  type FixtureEvent,
  galleryView,
  imageView,
  insertEvents,
  page,
  reportData,
  storyView,
} from './report-kit.ts';
import { DEFAULT_RETENTION_DAYS, maintainAnalytics, pruneAnalytics, rolledUntil, rollUpAnalytics } from './rollup.ts';
import { CHROME_ON_WINDOWS, ingest, pageView, setClock, storedEvents } from './test-kit.ts';

const t = useApiTestContext();
beforeEach(() => t.createUser('admin-user', 'correct horse battery', 'admin'));
/**
 * An admin's report, signed in at the test's clock: a session signed at the real time would be
 * from the future once a test sets the clock back to its fixture days.
 */
const reportAsAdmin = async (query: string) => reportData(t, await t.signIn('admin-user', 'correct horse battery'), query);
afterEach(() => vi.useRealTimers());

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';

/** Something of every kind each report counts, on 2026-11-24 and 2026-11-25, hostile meta included. */
function busyDay(day: string): FixtureEvent[] {
  const at = (time: string) => `${day}T${time}Z`;
  return [
    page(at('08:00:00'), 'v1', '/storytime/story/long-night', {
      session_id: S1,
      referrer: 'news.example',
      meta: { title: 'The Long Night' },
    }),
    storyView(at('08:00:01'), 'v1', 'long-night'),
    page(at('08:01:00'), 'v1', '/storytime/story/long-night/chapter/1', { session_id: S1, meta: { title: 'T'.repeat(1500) } }), // kept cut short
    chapterView(at('08:01:01'), 'v1', 'long-night', 1),
    chapterDepth(at('08:09:00'), 'v1', 'long-night', 1, 0.62, 480_123),
    page(at('08:09:30'), 'v1', '/galleries/neon-city', { session_id: S1, meta: { title: 42 } }), // not a title
    galleryView(at('08:09:31'), 'v1', 'neon-city'),
    imageView(at('08:09:40'), 'v1', '7'),
    page(at('13:00:00'), 'v2', '/storytime/story/long-night/chapter/2', { session_id: S2, device: 'mobile', browser: 'Safari' }),
    chapterView(at('13:00:01'), 'v2', 'long-night', 2),
    chapterDepth(at('13:20:00'), 'v2', 'long-night', 2, 0.2, 'slow' as unknown as number), // not a time
    chapterDepth(at('13:21:00'), 'v2', 'long-night', 2, 0.3, -5), // nor this
    chapterDepth(at('13:22:00'), 'v2', 'long-night', 2, 0.4, 1e308), // nor this
    page(at('13:25:00'), 'v2', '/', { session_id: S2, device: 'mobile', browser: 'Safari', meta: { title: 'Home' } }),
    page(at('23:59:59.999'), 'v3', '/', { device: 'tablet', browser: 'Firefox', referrer: 'search.example', meta: { title: 'Home' } }),
  ];
}

async function createContent() {
  await createStory(t, 'long-night', 'The Long Night', [['Dusk'], ['Midnight'], ['Dawn', 'draft']]);
  await createGallery(t, 'neon-city', 'Neon City', 2);
}

/** Every report for the period, as the dashboard would load it. */
async function everyReport(days: number) {
  const get = reportAsAdmin;
  return {
    summary: await get(`summary?days=${days}`),
    segments: await Promise.all(AUDIENCE_SEGMENTS.map((segment) => get(`segment?days=${days}&segment=${segment}`))),
    content: await Promise.all(CONTENT_KINDS.map((type) => get(`content?days=${days}&type=${type}`))),
    retention: await get(`retention?days=${days}&story=long-night`),
  };
}

const rolledDays = async () =>
  (await sql<{ day: string }>`select day::text as day from analytics_daily_totals order by day`.execute(t.database.db)).rows.map(
    (r) => r.day,
  );

describe('analytics rollups', () => {
  it('answer exactly as the live events did, for every report', async () => {
    await createContent();
    await insertEvents(t, [...busyDay('2026-11-24'), ...busyDay('2026-11-25')]);
    // Five minutes into the 26th the 25th is not rolled up yet: a late write may still arrive.
    setClock('2026-11-26T00:02:00.000Z');
    const live = await everyReport(7);
    expect(await rolledUntil(t.database.db)).toEqual(new Date('2026-11-25T00:00:00.000Z'));
    expect(await rolledDays()).toEqual(['2026-11-24']);

    setClock('2026-11-26T00:10:00.000Z');
    expect(await rollUpAnalytics(t.database.db, new Date())).toBe(1);
    expect(await rolledDays()).toEqual(['2026-11-24', '2026-11-25']);
    expect(await everyReport(7)).toEqual(live);

    // The two days are the same, so every count is twice one day's.
    expect(live.summary.summary).toEqual({
      total_views: 12, // 6 a day
      unique_visitors: 6, // v1, v2, v3 each day
      story_views: 2,
      chapter_views: 4,
      gallery_views: 2,
      avg_reading_depth: 38, // (0.62 + 0.2 + 0.3 + 0.4) / 4
    });
    const [, chapters, , pages] = live.content;
    expect(
      chapters.content.map((c: { chapter_number: number; avg_time_spent: number | null }) => [c.chapter_number, c.avg_time_spent]),
    ).toEqual([
      [1, 480.1],
      [2, null],
    ]);
    const titles = Object.fromEntries(
      pages.content.map((p: { page_path: string; page_title: string | null }) => [p.page_path, p.page_title]),
    );
    expect(titles).toEqual({
      '/': 'Home',
      '/storytime/story/long-night': 'The Long Night',
      '/storytime/story/long-night/chapter/1': 'T'.repeat(200),
      '/storytime/story/long-night/chapter/2': null,
      '/galleries/neon-city': null,
    });
  });

  it('count a day once when rolled up twice, or by two reports at the same time', async () => {
    await createContent();
    await insertEvents(t, [...busyDay('2026-11-23'), ...busyDay('2026-11-24')]);
    setClock('2026-11-25T12:00:00.000Z');
    const [a, b] = await Promise.all([rollUpAnalytics(t.database.db, new Date()), rollUpAnalytics(t.database.db, new Date())]);
    expect([a, b].sort()).toEqual([0, 2]);
    expect(await rollUpAnalytics(t.database.db, new Date())).toBe(0);
    const [first, second] = await Promise.all([reportAsAdmin('summary?days=7'), reportAsAdmin('summary?days=7')]);
    expect(second).toEqual(first);
    expect(first.summary).toMatchObject({ total_views: 12, unique_visitors: 6, story_views: 2 });
    const { rows } = await sql<{ page_views: number }>`select sum(page_views)::int as page_views from analytics_daily_totals`.execute(
      t.database.db,
    );
    expect(rows[0]!.page_views).toBe(12);
  });

  it('count a visit written a moment after midnight with the day it was stamped on, once', async () => {
    setClock('2026-11-25T12:00:00.000Z');
    await ingest(t, pageView());
    expect((await reportAsAdmin('summary?days=7')).summary.total_views).toBe(1);
    // A request stamped just before midnight, written after the day ended.
    setClock('2026-11-25T23:59:59.900Z');
    await ingest(t, pageView());
    setClock('2026-11-26T00:04:00.000Z');
    await ingest(t, pageView());
    expect((await reportAsAdmin('summary?days=7')).daily.slice(-2)).toEqual([
      { day: '2026-11-25', views: 2, unique_visitors: 1 },
      { day: '2026-11-26', views: 1, unique_visitors: 1 },
    ]);
    setClock('2026-11-26T00:06:00.000Z');
    const after = await reportAsAdmin('summary?days=7');
    expect(await rolledDays()).toEqual(['2026-11-25']);
    expect(after.summary).toMatchObject({ total_views: 3, unique_visitors: 2 });
    expect(after.daily.slice(-2)).toEqual([
      { day: '2026-11-25', views: 2, unique_visitors: 1 },
      { day: '2026-11-26', views: 1, unique_visitors: 1 },
    ]);
  });
});

describe('analytics pruning', () => {
  const NOW = '2026-11-25T12:00:00.000Z';
  const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * 24 * 60 * 60 * 1000).toISOString();
  const storedTimes = async () => (await storedEvents(t)).map((e) => new Date(e.created_at).toISOString());

  beforeEach(async () => {
    await createContent();
    await insertEvents(t, [
      page(daysAgo(DEFAULT_RETENTION_DAYS + 1), 'v1'),
      page(daysAgo(DEFAULT_RETENTION_DAYS - 1), 'v2'),
      page(daysAgo(300), 'v3', '/old'),
      page(daysAgo(20), 'v4', '/recent'),
      page(daysAgo(1), 'v5'),
    ]);
  });

  it('deletes nothing before the events are rolled up', async () => {
    expect(await pruneAnalytics(t.database.db, new Date(NOW), DEFAULT_RETENTION_DAYS)).toBe(0);
    expect(await storedEvents(t)).toHaveLength(5);
  });

  it('deletes raw events older than the retention days (400 unless configured), leaving every report unchanged', async () => {
    setClock(NOW);
    const before = await everyReport(365);
    expect(before.summary.summary.total_views).toBe(3);

    expect(await maintainAnalytics(t.database.db, new Date(), DEFAULT_RETENTION_DAYS)).toEqual({ rolledDays: 0, pruned: 1 });
    expect(await storedTimes()).toEqual([daysAgo(DEFAULT_RETENTION_DAYS - 1), daysAgo(300), daysAgo(20), daysAgo(1)]);
    expect(await everyReport(365)).toEqual(before);

    // A shorter retention, configured: the rollups still answer for the whole year.
    expect(await maintainAnalytics(t.database.db, new Date(), 7)).toEqual({ rolledDays: 0, pruned: 3 });
    expect(await storedTimes()).toEqual([daysAgo(1)]);
    expect(await everyReport(365)).toEqual(before);
  });

  it('never deletes an event that is not rolled up yet, however old', async () => {
    await insertEvents(t, [page(daysAgo(601), 'v0')]);
    setClock(daysAgo(600));
    expect(await rollUpAnalytics(t.database.db, new Date())).toBe(1); // the watermark stays 600 days back
    expect(await pruneAnalytics(t.database.db, new Date(NOW), 7)).toBe(1);
    expect(await storedEvents(t)).toHaveLength(5);
  });
});

describe('analytics rollups: privacy', () => {
  const IP = '198.51.100.123';
  const USER_AGENT = `${CHROME_ON_WINDOWS} RollupBuild/4q5r6s`;

  /** Every row of every analytics table (rollups, watermark, salts, events), as text. */
  async function analyticsTables(): Promise<Record<string, string>> {
    const { rows } = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = 'public' and tablename like 'analytics%'`.execute(t.database.db);
    const dumps = await Promise.all(
      rows.map(async ({ tablename }) => [
        tablename,
        JSON.stringify((await sql`select * from ${sql.table(tablename)}`.execute(t.database.db)).rows),
      ]),
    );
    return Object.fromEntries(dumps);
  }

  it('keep no visitor key, address or user agent: only counts', async () => {
    setClock('2026-11-24T10:00:00.000Z');
    const headers = { 'user-agent': USER_AGENT };
    for (const event of [
      pageView({ referrer: 'https://news.example/search?q=private-words' }),
      { event_type: 'chapter_view', url_path: '/s/x/1', content_type: 'chapter', content_id: 1, parent_type: 'story', parent_id: 'x' },
    ]) {
      expect((await ingest(t, event, { ip: IP, headers })).status).toBe(204);
    }
    const keys = new Set((await storedEvents(t)).map((e) => e.visitor_hash));
    expect(keys.size).toBe(1);

    setClock('2026-11-25T10:00:00.000Z');
    await reportAsAdmin('summary?days=7');
    const tables = await analyticsTables();
    expect(Object.keys(tables)).toEqual(
      expect.arrayContaining(['analytics_daily_totals', 'analytics_daily_segments', 'analytics_daily_content', 'analytics_rollup_state']),
    );
    expect(tables['analytics_daily_segments']).toContain('news.example'); // the rollup did happen
    for (const [table, dump] of Object.entries(tables)) {
      for (const secret of [IP, '198.51.100', 'RollupBuild', 'Windows NT 10.0', 'private-words']) expect(dump, table).not.toContain(secret);
      if (table !== 'analytics_events') for (const key of keys) expect(dump, table).not.toContain(key);
    }
  });
});
