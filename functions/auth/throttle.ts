// Login throttling with delays that double after each failure past a free allowance. State lives
// in the database so it holds across serverless instances; failures older than an hour are
// forgotten and their rows deleted.
//
// What is counted, so that guessing stays slow without letting a stranger lock the author out:
// - one account from one address (the pair): a stranger's guesses block only the stranger;
// - one address across all accounts: spraying many accounts from one place;
// - one account across addresses, counting each address once: only many addresses (a botnet)
//   block the account for everyone, and even then a browser that signed in to it before (a
//   known device) gets through, counted under its own device id instead;
// - wrong current passwords on change-password, per user: it needs a session, so login blocks
//   never apply to it.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';

export interface ThrottlePolicy {
  /** Failures allowed before delays start. */
  freeFailures: number;
}

/** One account from one address, one known device, or one user's password changes. */
export const PAIR_POLICY: ThrottlePolicy = { freeFailures: 4 };
/** Several people can share one address (a household, a café), so it gets more room. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20 };
/** Counts addresses, not guesses: this many different addresses may fail before the account is held. */
export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 10 };

const MAX_DELAY_SECONDS = 15 * 60;
const FORGET_AFTER = '1 hour';

/** Seconds to wait after the n-th consecutive failure: 0 within the allowance, then 1, 2, 4 … 900. */
export function delayAfterFailures(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(2 ** (over - 1), MAX_DELAY_SECONDS);
}

const accountName = (username: string) => username.toLowerCase();
export const accountKey = (username: string) => `account:${accountName(username)}`;
/** The address comes last: addresses hold no "|", so a prefix names all of one account's pairs. */
export const pairKey = (username: string, ip: string) => `pair:${accountName(username)}|${ip}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const deviceKey = (username: string, deviceId: string) => `device:${accountName(username)}|${deviceId}`;
export const passwordChangeKey = (userId: number) => `password-change:${userId}`;

/** `text` matched literally by LIKE (with the default escape character, the backslash). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export const throttleStore = {
  /** Seconds until the last of `keys` to be blocked may try again, or 0. */
  async secondsBlocked(db: Kysely<Database>, keys: string[]): Promise<number> {
    const row = await db
      .selectFrom('login_throttle')
      .select(sql<number>`ceil(extract(epoch from max(blocked_until) - now()))::int`.as('wait'))
      .where('key', 'in', keys)
      .where('blocked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Math.max(0, row?.wait ?? 0);
  },

  /**
   * Counts one more failure for `key`, blocks it for the delay the policy gives, and returns
   * the failures counted (1 for the first within the hour). Rows of failures long forgotten
   * are deleted on the way, so the table holds about an hour of failures at most.
   */
  async recordFailure(db: Kysely<Database>, key: string, policy: ThrottlePolicy): Promise<number> {
    await this.deleteStale(db);
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
    return failures;
  },

  /** Rows whose failures are forgotten and whose block is over (blocks never outlast the hour). */
  async deleteStale(db: Kysely<Database>): Promise<void> {
    await db
      .deleteFrom('login_throttle')
      .where('last_failure_at', '<', sql<Date>`now() - ${FORGET_AFTER}::interval`)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', sql<Date>`now()`)]))
      .execute();
  },

  async clear(db: Kysely<Database>, ...keys: string[]): Promise<void> {
    await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
  },

  /** Lifts every block on an account: from any address or device (for the admin's command). Returns the rows deleted. */
  async clearAccount(db: Kysely<Database>, username: string): Promise<number> {
    const prefixes = [pairKey(username, ''), deviceKey(username, '')].map((prefix) => `${likeLiteral(prefix)}%`);
    const result = await db
      .deleteFrom('login_throttle')
      .where((eb) => eb.or([eb('key', '=', accountKey(username)), ...prefixes.map((prefix) => eb('key', 'like', prefix))]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Lifts the block on an address, for every account (for the admin's command). Returns the rows deleted. */
  async clearAddress(db: Kysely<Database>, ip: string): Promise<number> {
    const result = await db
      .deleteFrom('login_throttle')
      .where((eb) => eb.or([eb('key', '=', addressKey(ip)), eb('key', 'like', `pair:%|${likeLiteral(ip)}`)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
