// The period cache (decision 0010): the content reports answer from it exactly as from the daily
// rows, it is read only while it is current (computed today, for the watermark the report split
// its period at), it is refreshed when the UTC day changes, and concurrent rollups fill it once.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '#lib/analytics-report.ts';
import {
  chapterDepth,
  chapterView,
  createGallery,
  createStory,
  type FixtureEvent,
  galleryView,
  insertEvents,
  page,
  storyView,
} from './report-kit.ts';
import { openPeriod, type ReportPeriod } from './report-period.ts';
import { contentReport, retentionReport, summaryReport } from './report.ts';
import { rolledUntil, rollUpAnalytics } from './rollup.ts';
import { setClock } from './test-kit.ts';

const t = useApiTestContext();
const db = () => t.database.db;
afterEach(() => vi.useRealTimers());

const S1 = '11111111-1111-4111-8111-111111111111';

/** A reader's visit on `day`: `visitor` reads chapter `chapter` of long-night, with pages titled `title`. */
function visit(day: string, visitor: string, chapter: number, title?: string): FixtureEvent[] {
  const at = (time: string) => `${day}T${time}Z`;
  const meta = title ? { title } : {};
  return [
    page(at('08:00:00'), visitor, '/storytime/story/long-night', { session_id: S1, meta }),
    storyView(at('08:00:01'), visitor, 'long-night'),
    page(at('08:01:00'), visitor, `/storytime/story/long-night/chapter/${chapter}`, { session_id: S1, meta }),
    chapterView(at('08:01:01'), visitor, 'long-night', chapter),
    chapterDepth(at('08:09:00'), visitor, 'long-night', chapter, 0.1 * chapter + 0.05, 300_000 + chapter),
    page(at('08:09:30'), visitor, '/galleries/neon-city', { session_id: S1 }),
    galleryView(at('08:09:31'), visitor, 'neon-city'),
  ];
}

/** Days in one, two, three or all four periods ending 2026-11-25, and that day itself (live). */
const EVENTS = [
  ...visit('2026-05-01', 'v1', 1, 'Long ago'),
  ...visit('2026-09-10', 'v2', 2, 'Late summer'),
  ...visit('2026-11-10', 'v3', 1),
  ...visit('2026-11-19', 'v4', 2, 'Last week'),
  ...visit('2026-11-24', 'v5', 1),
  ...visit('2026-11-25', 'v6', 2, 'Today'),
  page('2026-11-25T09:00:00Z', 'v6', '/storytime/story/long-night/chapter/1'),
];

beforeEach(async () => {
  await createStory(t, 'long-night', 'The Long Night', [['Dusk'], ['Midnight']]);
  await createGallery(t, 'neon-city', 'Neon City', 1);
  await insertEvents(t, EVENTS);
});

/** Everything read through the period's content sums: each content table, retention and top stories. */
async function contentAnswers(period: ReportPeriod) {
  return {
    stories: await contentReport(db(), period, 'stories'),
    chapters: await contentReport(db(), period, 'chapters'),
    galleries: await contentReport(db(), period, 'galleries'),
    pages: await contentReport(db(), period, 'pages'),
    retention: await retentionReport(db(), period, 'long-night'),
    topStories: (await summaryReport(db(), period)).top_stories,
  };
}

const periodsDay = async () =>
  (await sql<{ day: string | null }>`select periods_day::text as day from analytics_rollup_state`.execute(db())).rows[0]?.day ?? null;
const invalidateCache = () => db().updateTable('analytics_rollup_state').set({ periods_day: null }).execute();

/** For each period: the answers with the cache current, then with it invalidated, which read the daily rows. */
async function answersBothWays(now: string) {
  setClock(now);
  const answers = [];
  for (const days of ANALYTICS_PERIODS) {
    const period = await openPeriod(db(), days, new Date());
    expect(await periodsDay()).toBe(now.slice(0, 10));
    const cached = await contentAnswers(period);
    await invalidateCache();
    answers.push({ days, cached, fromDailyRows: await contentAnswers(period) });
  }
  return answers;
}

/** Per period: the cache's summed views by kind, and the same summed from the daily rows it stands for. */
async function cacheAgainstDailyRows(now: Date) {
  const watermark = (await rolledUntil(db()))!.toISOString().slice(0, 10);
  const { rows } = await sql<{ days: number; kind: string; cached: number; daily: number }>`
    select p.days, k.kind,
      (select coalesce(sum(views), 0)::int from analytics_period_content c where c.days = p.days and c.kind = k.kind) as cached,
      (select coalesce(sum(views), 0)::int from analytics_daily_content d
        where d.kind = k.kind and d.day > ${now.toISOString().slice(0, 10)}::date - p.days and d.day < ${watermark}::date) as daily
    from (values (7), (30), (90), (365)) as p(days)
    cross join (values ('story'), ('chapter'), ('gallery'), ('page')) as k(kind)
    order by p.days, k.kind`.execute(db());
  return rows;
}

const chapterViews = async (days: AnalyticsPeriod) =>
  (await contentReport(db(), await openPeriod(db(), days, new Date()), 'chapters')).map((c) => [c.chapter_number, c.total_views]);

describe('the period cache', () => {
  it('gives every content report exactly the answer of the daily rows, for every period, as the days roll up', async () => {
    // Each step rolls up more days; the last two cross midnight before and after the watermark moves.
    const steps = [
      '2026-09-11T12:00:00.000Z',
      '2026-11-20T12:00:00.000Z',
      '2026-11-25T12:00:00.000Z',
      '2026-11-26T00:02:00.000Z',
      '2026-11-26T00:10:00.000Z',
    ];
    const answered = new Map<string, Awaited<ReturnType<typeof answersBothWays>>>();
    for (const now of steps) {
      answered.set(now, await answersBothWays(now));
      for (const { days, cached, fromDailyRows } of answered.get(now)!) expect(cached, `${days} days at ${now}`).toEqual(fromDailyRows);
    }
    // And they are the real answers: the year on the 25th, every day but that one from the cache.
    const year = answered.get('2026-11-25T12:00:00.000Z')!.find((a) => a.days === 365)!.cached;
    const { stories, chapters, galleries, pages } = year;
    expect(stories).toMatchObject([{ slug: 'long-night', total_views: 12, unique_readers: 6, avg_reading_depth: 20 }]);
    expect(chapters.map((c) => [c.chapter_number, c.total_views, c.avg_reading_depth, c.avg_time_spent])).toEqual([
      [1, 3, 15, 300],
      [2, 3, 25, 300],
    ]);
    expect(galleries).toMatchObject([{ slug: 'neon-city', total_views: 6 }]);
    expect(pages.map((p) => [p.page_path, p.total_views, p.page_title])).toEqual([
      ['/galleries/neon-city', 6, null],
      ['/storytime/story/long-night', 6, 'Today'], // the most recent title: the live day's over the cached ones
      ['/storytime/story/long-night/chapter/1', 4, 'Long ago'], // viewed today with no title: the cache's most recent
      ['/storytime/story/long-night/chapter/2', 3, 'Today'],
    ]);
    expect(year.retention!.chapters.map((c) => c.unique_readers)).toEqual([3, 3]);
    expect(year.topStories).toEqual([{ story_slug: 'long-night', title: 'The Long Night', views: 12 }]);
  });

  it('is read while it is current, and the daily rows answer once it is not', async () => {
    setClock('2026-11-25T12:00:00.000Z');
    expect(await chapterViews(365)).toEqual([
      [1, 3],
      [2, 3],
    ]);
    const period = await openPeriod(db(), 365, new Date());
    // A changed cache row shows: the report reads it...
    await db()
      .updateTable('analytics_period_content')
      .set({ views: sql`views + 100` })
      .where('kind', '=', 'chapter')
      .where('days', '=', 365)
      .execute();
    expect((await contentReport(db(), period, 'chapters')).map((c) => c.total_views)).toEqual([103, 103]);
    // ...and a report with nothing due leaves it as it is (no recomputing on every call).
    expect(await rollUpAnalytics(db(), new Date())).toBe(0);
    expect((await contentReport(db(), period, 'chapters')).map((c) => c.total_views)).toEqual([103, 103]);
    // Not current: the daily rows answer.
    await invalidateCache();
    expect((await contentReport(db(), period, 'chapters')).map((c) => c.total_views)).toEqual([3, 3]);
  });

  it('is refreshed by the first rollup of a UTC day, even before the watermark may move', async () => {
    setClock('2026-11-25T12:00:00.000Z');
    await rollUpAnalytics(db(), new Date());
    expect(await chapterViews(7)).toEqual([
      [2, 2],
      [1, 1],
    ]); // 2: 11-19 (cached) and 11-25 (live); 1: 11-24

    // Two minutes into the 26th: 11-19 has left the 7 days; the 25th is not rolled up yet.
    setClock('2026-11-26T00:02:00.000Z');
    expect(await rollUpAnalytics(db(), new Date())).toBe(0);
    expect(await periodsDay()).toBe('2026-11-26');
    expect(await rolledUntil(db())).toEqual(new Date('2026-11-25T00:00:00.000Z'));
    expect(await chapterViews(7)).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect((await cacheAgainstDailyRows(new Date())).filter((r) => r.cached !== r.daily)).toEqual([]);

    // Past the margin the 25th is rolled up, and the cache holds it.
    setClock('2026-11-26T00:10:00.000Z');
    expect(await rollUpAnalytics(db(), new Date())).toBe(1);
    expect(await chapterViews(7)).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const sums = await cacheAgainstDailyRows(new Date());
    expect(sums.filter((r) => r.cached !== r.daily)).toEqual([]);
    expect(sums.find((r) => r.days === 7 && r.kind === 'chapter')).toMatchObject({ cached: 2 }); // 11-24 and 11-25
  });

  it('is not read by a report whose period was split before a rollup moved the watermark', async () => {
    setClock('2026-11-26T00:04:00.000Z');
    const before = await openPeriod(db(), 30, new Date()); // the 25th still live
    setClock('2026-11-26T00:06:00.000Z');
    expect(await rollUpAnalytics(db(), new Date())).toBe(1); // the 25th now in the rollups and the cache
    const after = await openPeriod(db(), 30, new Date());
    expect(before.rolledDay).toBe('2026-11-25');
    expect(after.rolledDay).toBe('2026-11-26');
    const answer = await contentReport(db(), before, 'chapters');
    expect(answer.map((c) => [c.chapter_number, c.total_views])).toEqual([
      [1, 2],
      [2, 2],
    ]); // the 25th counted once
    expect(answer).toEqual(await contentReport(db(), after, 'chapters'));
  });

  it('is filled once by concurrent rollups and reports on a new day', async () => {
    setClock('2026-11-25T12:00:00.000Z');
    await rollUpAnalytics(db(), new Date());
    setClock('2026-11-27T12:00:00.000Z');
    const rolled = await Promise.all([
      rollUpAnalytics(db(), new Date()),
      rollUpAnalytics(db(), new Date()),
      rollUpAnalytics(db(), new Date()),
    ]);
    expect(rolled.sort()).toEqual([0, 0, 2]);
    const sums = await cacheAgainstDailyRows(new Date());
    expect(sums.filter((r) => r.cached !== r.daily)).toEqual([]);
    expect(sums.find((r) => r.days === 365 && r.kind === 'page')).toMatchObject({ cached: 19 }); // 3 pages a visit, 6 visits, and one more page

    setClock('2026-11-28T12:00:00.000Z');
    const reports = await Promise.all(ANALYTICS_PERIODS.flatMap((days) => [chapterViews(days), chapterViews(days)]));
    expect(reports.slice(-2)).toEqual([
      [
        [1, 3],
        [2, 3],
      ],
      [
        [1, 3],
        [2, 3],
      ],
    ]);
    expect((await cacheAgainstDailyRows(new Date())).filter((r) => r.cached !== r.daily)).toEqual([]);
  });
});
