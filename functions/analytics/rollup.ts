// Moves finished UTC days of raw events into the daily rollups, keeps the period cache of the
// content rollups current, and prunes old raw events (decision 0010). Reports call
// rollUpAnalytics first; the Node server also runs maintainAnalytics at start and every hour
// (scripts/server/analytics-maintenance.ts).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '#lib/analytics-report.ts';
import { dailyContent, dailySegments, dailyTotals } from './daily-aggregates.ts';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A request stamped just before midnight may be written just after: days are rolled up this late. */
const LATE_WRITE_MARGIN_MS = 5 * 60 * 1000;
/** Raw events are kept this many days unless ANALYTICS_RETENTION_DAYS says otherwise (docs/product.md, Content and its rules). */
export const DEFAULT_RETENTION_DAYS = 400;

export function startOfUtcDay(moment: Date): Date {
  return new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);
}

/** A moment's UTC day as YYYY-MM-DD. */
export const isoDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The first UTC day of the period that ends today: today and the days - 1 before it. */
export function periodStart(now: Date, days: AnalyticsPeriod): Date {
  return new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
}

/** Where the rollups end and live events begin: the start of the day `now` may still receive. */
export function rollupTarget(now: Date): Date {
  return startOfUtcDay(new Date(now.getTime() - LATE_WRITE_MARGIN_MS));
}

export async function rolledUntil(db: Db): Promise<Date | null> {
  const state = await db.selectFrom('analytics_rollup_state').select('rolled_until').where('id', '=', 1).executeTakeFirst();
  return state?.rolled_until ?? null;
}

interface RollupState {
  rolled_until: Date | null;
  /** The UTC day the period cache was computed on, YYYY-MM-DD; null: no cache. */
  periods_day: string | null;
}

async function rollupState(db: Db, lock = sql``): Promise<RollupState | undefined> {
  const { rows } = await sql<RollupState>`
    select rolled_until, periods_day::text as periods_day from analytics_rollup_state where id = 1 ${lock}`.execute(db);
  return rows[0];
}

/** Nothing to do: every finished day is rolled up and the period cache is today's. */
const isCurrent = (state: RollupState | undefined, target: Date, today: string) =>
  !!state?.rolled_until && state.rolled_until >= target && state.periods_day === today;

/**
 * Rolls up every whole day before rollupTarget(now) not rolled up yet, and recomputes the period
 * cache when the watermark moved or the UTC day changed; returns how many days it rolled up. The
 * watermark row is locked for the whole transaction, so concurrent callers wait and then find the
 * work done: no day is counted twice, and the cache always matches the watermark.
 */
export async function rollUpAnalytics(db: Db, now: Date): Promise<number> {
  const target = rollupTarget(now);
  const today = isoDay(now);
  if (isCurrent(await rollupState(db), target, today)) return 0; // the usual case: no transaction
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('analytics_rollup_state')
      .values({ id: 1, rolled_until: null })
      .onConflict((c) => c.column('id').doNothing())
      .execute();
    const state = await rollupState(trx, sql`for update`);
    if (isCurrent(state, target, today)) return 0;
    const from = state?.rolled_until ?? (await firstEventDay(trx)) ?? target;
    const due = from < target;
    if (due) {
      const range = { from, to: target };
      await sql`insert into analytics_daily_totals ${dailyTotals(range)}`.execute(trx);
      await sql`insert into analytics_daily_segments ${dailySegments(range)}`.execute(trx);
      await sql`insert into analytics_daily_content ${dailyContent(range)}`.execute(trx);
    }
    // The watermark never moves back (a clock set back must not make days count twice).
    const watermark = due ? target : (state?.rolled_until ?? target);
    await refreshPeriodCache(trx, now, watermark);
    await trx.updateTable('analytics_rollup_state').set({ rolled_until: watermark, periods_day: today }).where('id', '=', 1).execute();
    return due ? Math.round((target.getTime() - from.getTime()) / DAY_MS) : 0;
  });
}

/**
 * The period cache (decision 0010): for each period ending today, analytics_daily_content summed
 * per counted thing over the period's days before the watermark, exactly what a report would sum
 * from the daily rows (the title is the most recent one).
 */
async function refreshPeriodCache(trx: Db, now: Date, watermark: Date): Promise<void> {
  await trx.deleteFrom('analytics_period_content').execute();
  const periods = ANALYTICS_PERIODS.map((days) => sql`(${days}::smallint, ${isoDay(periodStart(now, days))}::date)`);
  await sql`
    insert into analytics_period_content
    select p.days, d.kind, d.content_id, d.parent_id, sum(d.views), sum(d.visitors),
      sum(d.depth_sum), sum(d.depth_count), sum(d.time_sum_ms), sum(d.time_count),
      (array_agg(d.title order by d.day desc) filter (where d.title is not null))[1]
    from (values ${sql.join(periods)}) as p(days, first_day)
    join analytics_daily_content d on d.day >= p.first_day and d.day < ${isoDay(watermark)}::date
    group by p.days, d.kind, d.content_id, d.parent_id`.execute(trx);
}

async function firstEventDay(db: Db): Promise<Date | null> {
  const first = await db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .executeTakeFirst();
  return first?.first ? startOfUtcDay(new Date(first.first)) : null;
}

/**
 * Deletes raw events older than `retentionDays`, but never one that is not rolled up yet: the
 * rollups (which hold no visitor keys) keep the dashboard's history. Returns how many were deleted.
 */
export async function pruneAnalytics(db: Db, now: Date, retentionDays: number): Promise<number> {
  const until = await rolledUntil(db);
  if (!until) return 0;
  const cutoff = new Date(Math.min(now.getTime() - retentionDays * DAY_MS, until.getTime()));
  const result = await db.deleteFrom('analytics_events').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The periodic job: roll up what is due, prune, and refresh the planner's statistics. The
 * embedded database has no autovacuum: without statistics the planner reads every raw event for
 * "today's events" instead of using the time index (seconds instead of milliseconds at a million).
 */
export async function maintainAnalytics(db: Db, now: Date, retentionDays: number): Promise<{ rolledDays: number; pruned: number }> {
  const rolledDays = await rollUpAnalytics(db, now);
  const pruned = await pruneAnalytics(db, now, retentionDays);
  await sql`analyze analytics_events, analytics_daily_totals, analytics_daily_segments, analytics_daily_content, analytics_period_content`.execute(
    db,
  );
  return { rolledDays, pruned };
}
