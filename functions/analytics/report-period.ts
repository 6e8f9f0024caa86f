// A report's period and where its daily rows come from: the rollup tables for the days before
// the watermark, the same aggregation run live over the raw events from there on (decision 0010).
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { AnalyticsPeriod } from '../../src/lib/analytics-report.ts';
import { dailyContent, dailySegments, dailyTotals, type EventRange } from './daily-aggregates.ts';
import { rolledUntil, rollUpAnalytics, startOfUtcDay } from './rollup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReportPeriod {
  days: AnalyticsPeriod;
  /** The first UTC day of the period, YYYY-MM-DD: today and the days - 1 before it. */
  firstDay: string;
  /** Days before this one come from the rollups. */
  rolledDay: string;
  /** Events from here on are aggregated live. */
  live: EventRange;
}

const isoDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** Rolls up what is due, then fixes the period's split between rollups and live events. */
export async function openPeriod(db: Kysely<Database>, days: AnalyticsPeriod, now: Date): Promise<ReportPeriod> {
  await rollUpAnalytics(db, now);
  const start = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
  const watermark = await rolledUntil(db);
  const liveFrom = watermark && watermark > start ? watermark : start;
  return { days, firstDay: isoDay(start), rolledDay: isoDay(liveFrom), live: { from: liveFrom, to: null } };
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

/**
 * The period's daily rows of one rollup table, rolled-up and live together, narrowed by `filter`
 * (a condition on the table's columns); use it as a FROM item.
 */
export function dailyRows(period: ReportPeriod, table: RollupTable, filter: RawBuilder<unknown> = sql`true`): RawBuilder<unknown> {
  return sql`(
    select * from ${sql.table(table)} where day >= ${period.firstDay} and day < ${period.rolledDay} and ${filter}
    union all
    select * from (${LIVE_AGGREGATES[table](period.live)}) as live where ${filter}
  )`;
}
