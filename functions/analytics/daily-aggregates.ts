// Raw events → one row per UTC day and counted thing (decision 0010). The same SELECTs fill the
// rollup tables (rollup.ts) and give the live part of every report (report-*.ts), so the rolled-up
// past and the live present can never count differently. Each SELECT's columns are those of its
// rollup table, in order.
import { type RawBuilder, sql } from 'kysely';
import { isSitePath } from './site-paths.ts';

/** Events from `from` (inclusive) to `to` (exclusive; open-ended when null). */
export interface EventRange {
  from: Date;
  to: Date | null;
}

/** A page's time is the gap to the same session's next page view, up to this (the visit had ended). */
export const PAGE_GAP_MAX_MS = 30 * 60 * 1000;
/** A chapter's reading time counts up to this; beyond it the tab was left open, not read. */
export const READING_TIME_MAX_MS = 2 * 60 * 60 * 1000;
/** Page titles come from the pages (meta.title); this much of one is kept. */
const TITLE_MAX_LENGTH = 200;

const VIEW_EVENTS = sql`('story_view', 'chapter_view', 'gallery_view', 'image_view')`;

// Anyone can send events naming anything: views count only for stories, chapters and galleries
// that exist when the day is counted (decision 21). Each reads the event as `e`.
const storyExists = sql`exists (select 1 from stories s where s.slug = e.content_id)`;
const chapterExists = sql`e.parent_type = 'story' and exists (
  select 1 from chapters ch join stories s on s.id = ch.story_id
  where s.slug = e.parent_id and ch.chapter_number::text = e.content_id)`;
const galleryExists = sql`exists (select 1 from galleries g where g.slug = e.content_id)`;

/** The range's events with their UTC day, the one place both are worked out. */
function events(range: EventRange): RawBuilder<unknown> {
  const end = range.to ? sql`and created_at < ${range.to}` : sql``;
  return sql`(
    select *, (created_at at time zone 'UTC')::date as day
    from analytics_events
    where created_at >= ${range.from} ${end}
  )`;
}

// Anyone can send events: only depths in 0-1 and numeric times in range are summed, so a
// hand-made event can neither break the sum (a non-number, an overflow) nor skew it much.
const depth = sql`case when event_type = 'chapter_depth' and value_num between 0 and 1 then value_num end`;
const readingTime = sql`case
  when event_type = 'chapter_depth' and jsonb_typeof(meta -> 'time_ms') = 'number'
   and (meta ->> 'time_ms')::double precision between 0 and ${READING_TIME_MAX_MS}
  then (meta ->> 'time_ms')::double precision end`;
/** The depth of a chapter that exists, for the summary (the chapter rows hold only those anyway). */
const chapterDepth = sql`case when ${chapterExists} then ${depth} end`;
const depthAndTimeColumns = sql`
  coalesce(sum(${depth}), 0) as depth_sum, count(${depth})::int as depth_count,
  coalesce(sum(${readingTime}), 0) as time_sum_ms, count(${readingTime})::int as time_count`;

export function dailyTotals(range: EventRange): RawBuilder<unknown> {
  return sql`
    select day,
      count(*) filter (where event_type = 'page_view')::int as page_views,
      count(*) filter (where event_type = 'story_view' and ${storyExists})::int as story_views,
      count(*) filter (where event_type = 'chapter_view' and ${chapterExists})::int as chapter_views,
      count(*) filter (where event_type = 'gallery_view' and ${galleryExists})::int as gallery_views,
      count(distinct visitor_hash)::int as visitors,
      coalesce(sum(${chapterDepth}), 0) as depth_sum, count(${chapterDepth})::int as depth_count
    from ${events(range)} e
    group by day`;
}

/** Page views by device, browser, referring host, hour and weekday; view events by content type. */
export function dailySegments(range: EventRange): RawBuilder<unknown> {
  return sql`
    with e as ${events(range)}
    select segment, day, value, count(*)::int as views, count(distinct visitor_hash)::int as visitors
    from (
      select s.segment, e.day, s.value, e.visitor_hash
      from e cross join lateral (values
        ('device', coalesce(e.device, 'other')),
        ('browser', coalesce(e.browser, 'Other')),
        ('referrer', coalesce(e.referrer, '')),
        ('hour', e.hour::text),
        ('day_of_week', e.day_of_week::text)
      ) as s(segment, value)
      where e.event_type = 'page_view'
      union all
      select 'content_type', e.day, e.content_type, e.visitor_hash
      from e
      where e.event_type in ${VIEW_EVENTS} and e.content_type is not null
    ) as by_segment
    group by segment, day, value`;
}

/**
 * Stories (their page and their chapters), chapters, galleries and pages that exist, per day
 * (a page's time is still the gap to the visit's next page, whatever that was). Columns:
 * kind, day, content_id, parent_id, views, visitors, depth_sum, depth_count, time_sum_ms,
 * time_count, title.
 */
export function dailyContent(range: EventRange): RawBuilder<unknown> {
  const storyRead = sql`event_type in ('story_view', 'chapter_view')`;
  return sql`
    with e as ${events(range)},
    chapter_events as (
      select * from e
      where event_type in ('chapter_view', 'chapter_depth') and ${chapterExists}
    ),
    page_views as (
      select day, url_path, visitor_hash, meta, created_at,
        case when session_id is not null
          then extract(epoch from lead(created_at) over visit - created_at) * 1000 end as gap_ms
      from e
      where event_type = 'page_view' and url_path is not null
      window visit as (partition by session_id, day order by created_at, id)
    )
    select 'story' as kind, day, story as content_id, '' as parent_id,
      count(*) filter (where ${storyRead})::int as views,
      count(distinct visitor_hash) filter (where ${storyRead})::int as visitors,
      ${depthAndTimeColumns}, null as title
    from (
      select *, content_id as story from e where event_type = 'story_view' and ${storyExists}
      union all
      select *, parent_id as story from chapter_events
    ) as story_events
    group by day, story

    union all
    select 'chapter', day, content_id, parent_id,
      count(*) filter (where event_type = 'chapter_view')::int,
      count(distinct visitor_hash) filter (where event_type = 'chapter_view')::int,
      ${depthAndTimeColumns}, null
    from chapter_events
    group by day, content_id, parent_id

    union all
    select 'gallery', day, content_id, '', count(*)::int, count(distinct visitor_hash)::int, 0, 0, 0, 0, null
    from e
    where event_type = 'gallery_view' and ${galleryExists}
    group by day, content_id

    union all
    select 'page', day, url_path, '', count(*)::int, count(distinct visitor_hash)::int, 0, 0,
      coalesce(sum(gap_ms) filter (where gap_ms between 0 and ${PAGE_GAP_MAX_MS}), 0),
      count(gap_ms) filter (where gap_ms between 0 and ${PAGE_GAP_MAX_MS})::int,
      left((array_agg(meta ->> 'title' order by created_at desc)
        filter (where jsonb_typeof(meta -> 'title') = 'string' and meta ->> 'title' <> ''))[1], ${TITLE_MAX_LENGTH})
    from page_views
    where ${isSitePath(sql.ref('url_path'))}
    group by day, url_path`;
}
