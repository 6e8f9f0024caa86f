// Login throttling per account and per client address, with delays that double after each
// failure past a free allowance. State lives in the database so it holds across serverless
// instances. Failures older than an hour are forgotten.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface ThrottlePolicy {
  /** Failures allowed before delays start. */
  freeFailures: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 4 };
/** Several people can share one address (a household, a café), so it gets more room. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20 };

const MAX_DELAY_SECONDS = 15 * 60;
const FORGET_AFTER = '1 hour';

/** Seconds to wait after the n-th consecutive failure: 0 within the allowance, then 1, 2, 4 … 900. */
export function delayAfterFailures(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(2 ** (over - 1), MAX_DELAY_SECONDS);
}

export const accountKey = (username: string) => `account:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

export const throttleStore = {
  /** Seconds until the first of `keys` may try again, or 0. */
  async secondsBlocked(db: Kysely<Database>, keys: string[]): Promise<number> {
    const row = await db
      .selectFrom('login_throttle')
      .select(sql<number>`ceil(extract(epoch from max(blocked_until) - now()))::int`.as('wait'))
      .where('key', 'in', keys)
      .where('blocked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Math.max(0, row?.wait ?? 0);
  },

  /** Counts one more failure for `key` and blocks it for the delay the policy gives. */
  async recordFailure(db: Kysely<Database>, key: string, policy: ThrottlePolicy): Promise<void> {
    const { failures } = await db
      .insertInto('login_throttle')
      .values({ key, failures: 1, blocked_until: null, last_failure_at: sql`now()` })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`case when login_throttle.last_failure_at < now() - ${FORGET_AFTER}::interval
                             then 1 else login_throttle.failures + 1 end`,
          last_failure_at: sql`now()`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    const delay = delayAfterFailures(failures, policy);
    if (delay > 0) {
      await db
        .updateTable('login_throttle')
        .set({ blocked_until: sql`now() + make_interval(secs => ${delay})` })
        .where('key', '=', key)
        .execute();
    }
  },

  async clear(db: Kysely<Database>, key: string): Promise<void> {
    await db.deleteFrom('login_throttle').where('key', '=', key).execute();
  },
};
