// Fixed-window counters in the database, so the limits hold across serverless instances and
// restarts (a counter in memory would be per instance). One atomic upsert per batch of hits:
// concurrent requests each get a distinct count, so exactly `limit` of them pass.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { groupCommit, perDatabase } from './group-commit.ts';

type Db = Kysely<Database>;

export interface Window {
  /** Requests allowed per window. */
  limit: number;
  seconds: number;
}

export interface HitResult {
  /** Whether this request is over the limit. */
  limited: boolean;
  /** Seconds until the window that refused it ends (at least 1); 0 when not limited. */
  retryAfterSeconds: number;
}

/** One request to count: by its counter key, in the window of `window` that `now` falls in. */
export interface Hit {
  key: string;
  window: Window;
  now: Date;
}

/** The counter row a hit counts in: its key (with the window's length) and the window's start. */
function counterOf({ key, window, now }: Hit) {
  const windowMs = window.seconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { key: `${window.seconds}s:${key}`, windowStart, expiresAt: new Date(windowStart.getTime() + windowMs) };
}

/**
 * Counts a batch of hits with one upsert (group-commit.ts): each counter row is raised by its
 * number of hits in the batch, and the hits on one row get the consecutive counts that ends at,
 * in order, as if they had come one by one.
 */
async function countHits(db: Db, hits: Hit[]): Promise<HitResult[]> {
  const counters = hits.map(counterOf);
  const rows = new Map<string, { key: string; windowStart: Date; expiresAt: Date; hits: number }>();
  const rowOf = (counter: ReturnType<typeof counterOf>) => `${counter.key}@${counter.windowStart.getTime()}`;
  for (const counter of counters) {
    const row = rows.get(rowOf(counter));
    if (row) row.hits += 1;
    else rows.set(rowOf(counter), { ...counter, hits: 1 });
  }
  const batch = [...rows.values()];
  const { rows: counted } = await sql<{ key: string; window_start: Date; count: number }>`
    insert into rate_limit_counters (key, window_start, expires_at, count)
    select * from unnest(
      ${batch.map((row) => row.key)}::text[], ${batch.map((row) => row.windowStart.toISOString())}::timestamptz[],
      ${batch.map((row) => row.expiresAt.toISOString())}::timestamptz[], ${batch.map((row) => row.hits)}::int[])
    on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
    returning key, window_start, count`.execute(db);
  /** The count before this batch, per row; each hit then takes the next number. */
  const before = new Map(counted.map((row) => [`${row.key}@${new Date(row.window_start).getTime()}`, row.count]));
  for (const row of batch) before.set(rowOf(row), before.get(rowOf(row))! - row.hits);
  await sweepExpired(
    db,
    batch.some((row) => before.get(rowOf(row)) === 0),
    new Date(Math.max(...hits.map((hit) => hit.now.getTime()))),
  );
  return hits.map((hit, index) => {
    const counter = counters[index]!;
    const count = before.get(rowOf(counter))! + 1;
    before.set(rowOf(counter), count);
    const limited = count > hit.window.limit;
    return { limited, retryAfterSeconds: limited ? Math.max(1, Math.ceil((counter.expiresAt.getTime() - hit.now.getTime()) / 1000)) : 0 };
  });
}

/** When this process last swept (any database: a transaction has no stable handle to key by). */
let lastSweepAt = Number.NEGATIVE_INFINITY;
const SWEEP_INTERVAL_MS = 10_000;

/**
 * Deletes every counter whose window has passed (any key's), so the table holds only live
 * counters with no scheduled job. A window's first hit triggers it, at most every 10 s: with
 * readers from thousands of addresses nearly every hit is a first one, and a sweep each time
 * would cost more than the counting. (A clock that went back, as in tests, sweeps too.)
 */
async function sweepExpired(db: Db, firstHitOfAWindow: boolean, now: Date): Promise<void> {
  if (!firstHitOfAWindow || Math.abs(now.getTime() - lastSweepAt) < SWEEP_INTERVAL_MS) return;
  lastSweepAt = now.getTime();
  await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).execute();
}

const hitQueue = perDatabase((db) => groupCommit((hits: Hit[]) => countHits(db, hits)));

export const rateLimitStore = {
  /** Counts one request by `key` in the current window of `window` at `now`. */
  hit(db: Db, key: string, window: Window, now: Date): Promise<HitResult> {
    return hitQueue(db)({ key, window, now });
  },
  /** Counts hits that the caller already gathered in a batch of its own (the analytics ingest). */
  countBatch: countHits,
};
