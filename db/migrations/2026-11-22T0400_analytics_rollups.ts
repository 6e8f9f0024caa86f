// Daily analytics rollups (decision 0010): what the dashboard sums instead of scanning
// every raw event. One row per UTC day and counted thing; no visitor key, address or user agent.
// And the period cache: the content rollups summed per period, refreshed once a day.
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// Loosely typed: the helpers add columns to tables of different names.
type TableBuilder = CreateTableBuilder<string, any>;

const counts = (table: TableBuilder): TableBuilder =>
  table
    .addColumn('views', 'integer', (c) => c.notNull().check(sql`views >= 0`))
    .addColumn('visitors', 'integer', (c) => c.notNull().check(sql`visitors >= 0`));

/** Reading depth (0-1 per chapter_depth event) and time (ms), summed with how many were summed. */
const depthAndTime = (table: TableBuilder): TableBuilder =>
  table
    .addColumn('depth_sum', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('depth_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_sum_ms', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('time_count', 'integer', (c) => c.notNull().defaultTo(0));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_daily_totals')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('page_views', 'integer', (c) => c.notNull())
    .addColumn('story_views', 'integer', (c) => c.notNull())
    .addColumn('chapter_views', 'integer', (c) => c.notNull())
    .addColumn('gallery_views', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('depth_sum', 'double precision', (c) => c.notNull())
    .addColumn('depth_count', 'integer', (c) => c.notNull())
    .execute();

  // value: the device, browser, referring host ('' for none), hour, weekday or content type.
  await counts(
    db.schema
      .createTable('analytics_daily_segments')
      .addColumn('segment', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('analytics_daily_segments_pkey', ['segment', 'day', 'value'])
    .execute();

  // kind story/chapter/gallery/page; content_id the slug, chapter number or path; parent_id the
  // chapter's story slug ('' for the others); title the page's last-seen title (pages only).
  await depthAndTime(
    counts(
      db.schema
        .createTable('analytics_daily_content')
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('story', 'chapter', 'gallery', 'page')`))
        .addColumn('day', 'date', (c) => c.notNull())
        .addColumn('content_id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('')),
    ),
  )
    .addColumn('title', 'text', (c) => c.check(sql`char_length(title) <= 200`))
    .addPrimaryKeyConstraint('analytics_daily_content_pkey', ['kind', 'day', 'content_id', 'parent_id'])
    .execute();

  // The period cache: for each period, the sums of analytics_daily_content from the period's
  // first day to the watermark, per counted thing (title: the last non-null one).
  await depthAndTime(
    counts(
      db.schema
        .createTable('analytics_period_content')
        .addColumn('days', 'smallint', (c) => c.notNull().check(sql`days in (7, 30, 90, 365)`))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('content_id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text', (c) => c.notNull()),
    ),
  )
    .addColumn('title', 'text')
    .addPrimaryKeyConstraint('analytics_period_content_pkey', ['days', 'kind', 'content_id', 'parent_id'])
    .execute();

  // Everything before rolled_until is in the rollups; null until the first rollup. The period
  // cache holds the periods as of the UTC day periods_day (null: no cache).
  await db.schema
    .createTable('analytics_rollup_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn('rolled_until', 'timestamptz')
    .addColumn('periods_day', 'date')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'analytics_rollup_state',
    'analytics_period_content',
    'analytics_daily_content',
    'analytics_daily_segments',
    'analytics_daily_totals',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
