// Fixed-window counters in the database, so the limits hold across serverless instances and
// restarts (a counter in memory would be per instance). One atomic upsert per hit: concurrent
// requests each get a distinct count, so exactly `limit` of them pass.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

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

export const rateLimitStore = {
  /** Counts one request by `key` in the current window of `window` at `now`. */
  async hit(db: Db, key: string, window: Window, now: Date): Promise<HitResult> {
    const windowMs = window.seconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const expiresAt = new Date(windowStart.getTime() + windowMs);
    const { count } = await db
      .insertInto('rate_limit_counters')
      .values({ key: `${window.seconds}s:${key}`, window_start: windowStart, expires_at: expiresAt, count: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    // The first hit of a window sweeps away every window that has passed (any key's): the table
    // holds only live counters, with no scheduled job needed.
    if (count === 1) await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).execute();
    const limited = count > window.limit;
    return { limited, retryAfterSeconds: limited ? Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)) : 0 };
  },
};
