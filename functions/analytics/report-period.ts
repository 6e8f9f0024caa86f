// A report's period and where its daily rows come from: the rollup tables for the days before
// the watermark, the same aggregation run live over the raw events from there on (decision 0010).
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import type { AnalyticsPeriod } from '#lib/analytics-report.ts';
import { dailyContent, dailySegments, dailyTotals, type EventRange } from './daily-aggregates.ts';
import { isoDay, periodStart, rolledUntil, rollUpAnalytics } from './rollup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReportPeriod {
  days: AnalyticsPeriod;
  /** The first UTC day of the period, YYYY-MM-DD: today and the days - 1 before it. */
  firstDay: string;
  /** Days before this one come from the rollups. */
  rolledDay: string;
  /** Events from here on are aggregated live. */
  live: EventRange;
  /** The rollup state the period cache must still be in to stand for the rolled days. */
  cache: { periodsDay: string; rolledUntil: Date | null };
}

/** Rolls up what is due, then fixes the period's split between rollups and live events. */
export async function openPeriod(db: Kysely<Database>, days: AnalyticsPeriod, now: Date): Promise<ReportPeriod> {
  await rollUpAnalytics(db, now);
  const start = periodStart(now, days);
  const watermark = await rolledUntil(db);
  const liveFrom = watermark && watermark > start ? watermark : start;
  return {
    days,
    firstDay: isoDay(start),
    rolledDay: isoDay(liveFrom),
    live: { from: liveFrom, to: null },
    cache: { periodsDay: isoDay(now), rolledUntil: watermark },
  };
}

/** Every UTC day of the period, oldest first. */
export function periodDays(period: ReportPeriod): string[] {
  const first = Date.parse(period.firstDay);
  return Array.from({ length: period.days }, (_, index) => isoDay(new Date(first + index * DAY_MS)));
}

type RollupTable = 'analytics_daily_totals' | 'analytics_daily_segments' | 'analytics_daily_content';

const LIVE_AGGREGATES: Record<RollupTable, (range: EventRange) => RawBuilder<unknown>> = {
  analytics_daily_totals: dailyTotals,
  analytics_daily_segments: dailySegments,
  analytics_daily_content: dailyContent,
};

const rolledRows = (period: ReportPeriod, table: RollupTable, filter: RawBuilder<unknown>) =>
  sql`select * from ${sql.table(table)} where day >= ${period.firstDay} and day < ${period.rolledDay} and ${filter}`;

const liveRows = (period: ReportPeriod, table: RollupTable, filter: RawBuilder<unknown>) =>
  sql`select * from (${LIVE_AGGREGATES[table](period.live)}) as live where ${filter}`;

/**
 * The period's daily rows of one rollup table, rolled-up and live together, narrowed by `filter`
 * (a condition on the table's columns); use it as a FROM item.
 */
export function dailyRows(period: ReportPeriod, table: RollupTable, filter: RawBuilder<unknown> = sql`true`): RawBuilder<unknown> {
  return sql`(${rolledRows(period, table, filter)} union all ${liveRows(period, table, filter)})`;
}

/**
 * Like dailyRows of analytics_daily_content, but the rolled days come as one row per counted
 * thing from the period cache when it is current: computed today, for the watermark this period
 * was split at. The check runs in the same statement as the reads, so a rollup committing
 * meanwhile can neither count a day twice nor leave one out: the daily rows answer instead.
 * Cache rows carry the period's first day, before every live day, for "the most recent title".
 */
export function contentRows(period: ReportPeriod, filter: RawBuilder<unknown>): RawBuilder<unknown> {
  const cached = sql`exists (
    select 1 from analytics_rollup_state
    where id = 1 and periods_day = ${period.cache.periodsDay}::date and rolled_until = ${period.cache.rolledUntil})`;
  return sql`(
    select kind, ${period.firstDay}::date as day, content_id, parent_id, views, visitors,
      depth_sum, depth_count, time_sum_ms, time_count, title
    from analytics_period_content
    where days = ${period.days} and ${cached} and ${filter}
    union all
    ${rolledRows(period, 'analytics_daily_content', sql`not ${cached} and ${filter}`)}
    union all
    ${liveRows(period, 'analytics_daily_content', filter)}
  )`;
}
