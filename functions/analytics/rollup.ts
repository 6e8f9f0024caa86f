// Moves finished UTC days of raw events into the daily rollups, and prunes old raw events
// (decision 0010). Reports call rollUpAnalytics first; the Node server also runs
// maintainAnalytics at start and every hour (scripts/server/analytics-maintenance.ts).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { dailyContent, dailySegments, dailyTotals } from './daily-aggregates.ts';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A request stamped just before midnight may be written just after: days are rolled up this late. */
const LATE_WRITE_MARGIN_MS = 5 * 60 * 1000;
/** Raw events are kept this many days unless ANALYTICS_RETENTION_DAYS says otherwise (issue 9). */
export const DEFAULT_RETENTION_DAYS = 400;

export function startOfUtcDay(moment: Date): Date {
  return new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);
}

/** Where the rollups end and live events begin: the start of the day `now` may still receive. */
export function rollupTarget(now: Date): Date {
  return startOfUtcDay(new Date(now.getTime() - LATE_WRITE_MARGIN_MS));
}

export async function rolledUntil(db: Db): Promise<Date | null> {
  const state = await db.selectFrom('analytics_rollup_state').select('rolled_until').where('id', '=', 1).executeTakeFirst();
  return state?.rolled_until ?? null;
}

/**
 * Rolls up every whole day before rollupTarget(now) not rolled up yet; returns how many days it
 * covered. The watermark row is locked for the whole transaction, so concurrent callers wait and
 * then find the work done: no day is counted twice.
 */
export async function rollUpAnalytics(db: Db, now: Date = new Date()): Promise<number> {
  const target = rollupTarget(now);
  const known = await rolledUntil(db);
  if (known && known >= target) return 0; // the usual case: nothing due, no transaction
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('analytics_rollup_state').values({ id: 1, rolled_until: null }).onConflict((c) => c.column('id').doNothing()).execute();
    const { rows } = await sql<{ rolled_until: Date | null }>`
      select rolled_until from analytics_rollup_state where id = 1 for update`.execute(trx);
    const from = rows[0]?.rolled_until ?? (await firstEventDay(trx));
    if (from && from >= target) return 0;
    if (from) {
      const range = { from, to: target };
      await sql`insert into analytics_daily_totals ${dailyTotals(range)}`.execute(trx);
      await sql`insert into analytics_daily_segments ${dailySegments(range)}`.execute(trx);
      await sql`insert into analytics_daily_content ${dailyContent(range)}`.execute(trx);
    }
    await trx.updateTable('analytics_rollup_state').set({ rolled_until: target }).where('id', '=', 1).execute();
    return from ? Math.round((target.getTime() - from.getTime()) / DAY_MS) : 0;
  });
}

async function firstEventDay(db: Db): Promise<Date | null> {
  const first = await db.selectFrom('analytics_events').select((eb) => eb.fn.min('created_at').as('first')).executeTakeFirst();
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

/** The periodic job: roll up what is due, then prune. */
export async function maintainAnalytics(db: Db, now: Date, retentionDays: number): Promise<{ rolledDays: number; pruned: number }> {
  const rolledDays = await rollUpAnalytics(db, now);
  const pruned = await pruneAnalytics(db, now, retentionDays);
  return { rolledDays, pruned };
}
