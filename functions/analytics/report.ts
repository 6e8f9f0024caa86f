// The Analytics Dashboard's numbers (what each counts: decision 0010), summed from
// the period's daily rows (report-period.ts). Stories, chapters and galleries are joined to the
// content that exists, so invented slugs sent by anyone never reach the author's tables.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AnalyticsDailyContentTable, AnalyticsDailyTotalsTable, Database } from '#db/types.ts';
import {
  type AnalyticsSummary,
  type AudienceSegment,
  CONTENT_TABLE_ROWS,
  type ContentKind,
  type ContentRows,
  type StoryRetention,
  TOP_LIST_SIZE,
  type TopStory,
} from '#lib/analytics-report.ts';
import { contentRows, dailyRows, periodDays, type ReportPeriod } from './report-period.ts';
import { segmentLabel } from './segment-labels.ts';

type Db = Kysely<Database>;

/** part / whole, scaled (100 for a percentage, 1/1000 for ms in seconds), one decimal; null for a whole of 0. */
export function ratio(part: number, whole: number, scale: number): number | null {
  return whole > 0 ? Math.round((part / whole) * scale * 10) / 10 : null;
}
const PERCENT = 100;
const SECONDS_PER_MS = 1 / 1000;

/** A day's totals, the day as YYYY-MM-DD. */
type DayTotals = Omit<Selectable<AnalyticsDailyTotalsTable>, 'day'> & { day: string };

export async function summaryReport(db: Db, period: ReportPeriod): Promise<AnalyticsSummary> {
  const { rows } = await sql<DayTotals>`
    select day::text as day, sum(page_views)::int as page_views, sum(story_views)::int as story_views,
      sum(chapter_views)::int as chapter_views, sum(gallery_views)::int as gallery_views,
      sum(visitors)::int as visitors, sum(depth_sum)::float8 as depth_sum, sum(depth_count)::int as depth_count
    from ${dailyRows(period, 'analytics_daily_totals')} as daily
    group by day`.execute(db);
  const total = (column: Exclude<keyof DayTotals, 'day'>) => rows.reduce((sum, row) => sum + row[column], 0);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return {
    period_days: period.days,
    summary: {
      total_views: total('page_views'),
      unique_visitors: total('visitors'),
      story_views: total('story_views'),
      chapter_views: total('chapter_views'),
      gallery_views: total('gallery_views'),
      avg_reading_depth: ratio(total('depth_sum'), total('depth_count'), PERCENT),
    },
    top_stories: await topStories(db, period),
    daily: periodDays(period).map((day) => ({
      day,
      views: byDay.get(day)?.page_views ?? 0,
      unique_visitors: byDay.get(day)?.visitors ?? 0,
    })),
  };
}

async function topStories(db: Db, period: ReportPeriod): Promise<TopStory[]> {
  const { rows } = await sql<TopStory>`
    select s.slug as story_slug, s.title, sum(c.views)::int as views
    from ${contentRows(period, sql`kind = 'story'`)} as c
    join stories s on s.slug = c.content_id
    group by s.slug, s.title
    having sum(c.views) > 0
    order by views desc, s.slug
    limit ${TOP_LIST_SIZE}`.execute(db);
  return rows;
}

export async function segmentReport(db: Db, period: ReportPeriod, segment: AudienceSegment) {
  const { rows } = await sql<{ value: string; views: number; unique_visitors: number }>`
    select value, sum(views)::int as views, sum(visitors)::int as unique_visitors
    from ${dailyRows(period, 'analytics_daily_segments', sql`segment = ${segment}`)} as s
    group by value
    order by views desc, value
    limit ${TOP_LIST_SIZE}`.execute(db);
  return rows.map(({ value, ...counts }) => ({ segment: segmentLabel(segment, value), ...counts }));
}

/** The period's sums per counted thing of one kind (narrowed by `filter`), cached or not: a FROM item. */
function contentSums(period: ReportPeriod, kind: 'story' | 'chapter' | 'gallery' | 'page', filter = sql`true`) {
  return sql`(
    select content_id, parent_id, sum(views)::int as views, sum(visitors)::int as visitors,
      sum(depth_sum)::float8 as depth_sum, sum(depth_count)::int as depth_count,
      sum(time_sum_ms)::float8 as time_sum_ms, sum(time_count)::int as time_count,
      (array_agg(title order by day desc) filter (where title is not null))[1] as last_title
    from ${contentRows(period, sql`kind = ${kind} and ${filter}`)} as daily
    group by content_id, parent_id
    having sum(views) > 0
  )`;
}

/** A counted thing's sums over the period (the rollup's columns, added up). */
type Sums = Pick<AnalyticsDailyContentTable, 'views' | 'visitors' | 'depth_sum' | 'depth_count' | 'time_sum_ms' | 'time_count'>;
const depthOf = (row: Sums) => ratio(row.depth_sum, row.depth_count, PERCENT);
const timeOf = (row: Sums) => ratio(row.time_sum_ms, row.time_count, SECONDS_PER_MS);

const CONTENT_QUERIES: { [K in ContentKind]: (db: Db, period: ReportPeriod) => Promise<ContentRows[K][]> } = {
  async stories(db, period) {
    const { rows } = await sql<Sums & { title: string; slug: string; total_chapters: number }>`
      select s.title, s.slug, c.*,
        (select count(*)::int from chapters ch where ch.story_id = s.id and ch.status = 'published') as total_chapters
      from ${contentSums(period, 'story')} as c
      join stories s on s.slug = c.content_id
      order by c.views desc, s.slug
      limit ${CONTENT_TABLE_ROWS}`.execute(db);
    return rows.map((row) => ({
      title: row.title,
      slug: row.slug,
      total_views: row.views,
      unique_readers: row.visitors,
      avg_reading_depth: depthOf(row),
      total_chapters: row.total_chapters,
    }));
  },

  async chapters(db, period) {
    const { rows } = await sql<Sums & { chapter_number: number; chapter_title: string; story_title: string; story_slug: string }>`
      select ch.chapter_number, ch.title as chapter_title, s.title as story_title, s.slug as story_slug, c.*
      from ${contentSums(period, 'chapter')} as c
      join stories s on s.slug = c.parent_id
      join chapters ch on ch.story_id = s.id and ch.chapter_number::text = c.content_id
      order by c.views desc, s.slug, ch.chapter_number
      limit ${CONTENT_TABLE_ROWS}`.execute(db);
    return rows.map((row) => ({
      chapter_number: row.chapter_number,
      title: row.chapter_title,
      story_title: row.story_title,
      story_slug: row.story_slug,
      total_views: row.views,
      unique_readers: row.visitors,
      avg_reading_depth: depthOf(row),
      avg_time_spent: timeOf(row),
    }));
  },

  async galleries(db, period) {
    const { rows } = await sql<Sums & { gallery_title: string; slug: string; total_images: number }>`
      select g.title as gallery_title, g.slug, c.*,
        (select count(*)::int from gallery_images i where i.gallery_id = g.id) as total_images
      from ${contentSums(period, 'gallery')} as c
      join galleries g on g.slug = c.content_id
      order by c.views desc, g.slug
      limit ${CONTENT_TABLE_ROWS}`.execute(db);
    return rows.map((row) => ({
      title: row.gallery_title,
      slug: row.slug,
      total_views: row.views,
      unique_visitors: row.visitors,
      total_images: row.total_images,
    }));
  },

  async pages(db, period) {
    const { rows } = await sql<Sums & { content_id: string; last_title: string | null }>`
      select * from ${contentSums(period, 'page')} as c
      order by c.views desc, c.content_id
      limit ${CONTENT_TABLE_ROWS}`.execute(db);
    return rows.map((row) => ({
      page_title: row.last_title,
      page_path: row.content_id,
      total_views: row.views,
      unique_visitors: row.visitors,
      avg_time_spent: timeOf(row),
    }));
  },
};

export function contentReport<K extends ContentKind>(db: Db, period: ReportPeriod, kind: K): Promise<ContentRows[K][]> {
  return CONTENT_QUERIES[kind](db, period);
}

/** Each published chapter's readers as a share of the first chapter's; null for an unknown story. */
export async function retentionReport(db: Db, period: ReportPeriod, storySlug: string): Promise<StoryRetention | null> {
  const story = await db.selectFrom('stories').select('id').where('slug', '=', storySlug).executeTakeFirst();
  if (!story) return null;
  const { rows } = await sql<{ chapter_number: number; title: string; unique_readers: number }>`
    select ch.chapter_number, ch.title, coalesce(c.visitors, 0) as unique_readers
    from chapters ch
    left join ${contentSums(period, 'chapter', sql`parent_id = ${storySlug}`)} as c on c.content_id = ch.chapter_number::text
    where ch.story_id = ${story.id} and ch.status = 'published'
    order by ch.chapter_number`.execute(db);
  const first = rows[0]?.unique_readers ?? 0;
  return {
    story_slug: storySlug,
    chapters: rows.map((row) => ({ ...row, share_of_first: ratio(row.unique_readers, first, PERCENT) })),
  };
}
