// bench:analytics part 2's measurements: every Analytics Dashboard call for one period, timed
// from the bench process (request, query, JSON answer read) as the admin screen would see it,
// and the year's totals the 365-day summary must show, counted straight from the raw events.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import {
  AUDIENCE_SEGMENTS,
  CONTENT_KINDS,
  type AnalyticsPeriod,
  type AnalyticsSummary,
  type AnalyticsTotals,
} from '#lib/analytics-report.ts';
import { api, type BenchServer } from './site-server.ts';

export const TIMED_CALLS = 20;
const WARM_UP_CALLS = 2;

export interface QueryTimes {
  query: string;
  /** Milliseconds of the timed calls. */
  times: number[];
}

export async function timeCall(server: BenchServer, route: string): Promise<number> {
  const started = performance.now();
  await api(server.base, route, { cookie: server.cookie });
  return performance.now() - started;
}

/** Summary, each segment, each content table and the retention of the period's top story, each called WARM_UP_CALLS + TIMED_CALLS times. */
export async function timeDashboard(server: BenchServer, days: AnalyticsPeriod): Promise<QueryTimes[]> {
  const base = '/api/admin/analytics';
  const { body } = await api<{ data: AnalyticsSummary }>(server.base, `${base}/summary?days=${days}`, { cookie: server.cookie });
  const topStory = body.data.top_stories[0]?.story_slug;
  if (!topStory) throw new Error(`the ${days}-day summary lists no top story`);
  const queries = [
    { query: 'summary', route: `${base}/summary?days=${days}` },
    ...AUDIENCE_SEGMENTS.map((segment) => ({ query: `segment ${segment}`, route: `${base}/segment?days=${days}&segment=${segment}` })),
    ...CONTENT_KINDS.map((type) => ({ query: `content ${type}`, route: `${base}/content?days=${days}&type=${type}` })),
    { query: `retention ${topStory}`, route: `${base}/retention?days=${days}&story=${encodeURIComponent(topStory)}` },
  ];
  const measured: QueryTimes[] = [];
  for (const { query, route } of queries) {
    for (let i = 0; i < WARM_UP_CALLS; i++) await timeCall(server, route);
    const times: number[] = [];
    for (let i = 0; i < TIMED_CALLS; i++) times.push(await timeCall(server, route));
    measured.push({ query, times });
  }
  return measured;
}

type CountedTotals = Pick<AnalyticsTotals, 'total_views' | 'unique_visitors' | 'story_views' | 'chapter_views' | 'gallery_views'>;

/** What decision 0010 says the summary counts, over every stored event (all of them lie in the 365-day period). */
export async function countStoredTotals(db: Kysely<Database>): Promise<CountedTotals> {
  const { rows } = await sql<Record<keyof CountedTotals, number>>`
    select
      count(*) filter (where event_type = 'page_view')::int as total_views,
      (select count(*) from (select distinct (created_at at time zone 'UTC')::date, visitor_hash from analytics_events) as keys)::int as unique_visitors,
      count(*) filter (where event_type = 'story_view')::int as story_views,
      count(*) filter (where event_type = 'chapter_view')::int as chapter_views,
      count(*) filter (where event_type = 'gallery_view')::int as gallery_views
    from analytics_events`.execute(db);
  return rows[0]!;
}

/** The fields where the summary's answer differs from the stored events, as 'name answered/stored'. */
export function totalsMismatches(answered: AnalyticsTotals, stored: CountedTotals): string[] {
  return (Object.keys(stored) as (keyof CountedTotals)[])
    .filter((key) => answered[key] !== stored[key])
    .map((key) => `${key} ${answered[key]}/${stored[key]}`);
}
