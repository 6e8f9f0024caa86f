// The secret of the day behind the visitor key (store.ts). One row per UTC day, made by
// the first event of the day; salts older than two days are deleted, as Plausible does
// (https://plausible.io/data-policy#how-we-count-unique-users-without-cookies), so an old hash
// can never be recomputed from an address, even by someone holding the database.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { toHex } from '#core/bytes.ts';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Today's and yesterday's salts are kept; older ones are deleted. */
const SALT_DAYS_KEPT = 2;

/** The UTC calendar day of a moment, 'YYYY-MM-DD'. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

function randomSalt(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

async function saltOf(db: Db, day: string): Promise<string | undefined> {
  const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirst();
  return row?.salt;
}

/**
 * The salt of the UTC day `now` falls in, created on first use. Requests racing to create it
 * all end up with the one that was stored first: the insert does nothing when the day has a
 * salt already, and the loser reads the winner's.
 */
export async function dailySalt(db: Db, now: Date): Promise<string> {
  const day = utcDay(now);
  const known = await saltOf(db, day);
  if (known) return known;
  const created = await db
    .insertInto('analytics_salts')
    .values({ day, salt: randomSalt() })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .returning('salt')
    .executeTakeFirst();
  if (!created) return (await saltOf(db, day))!;
  // Whoever creates a day's salt clears out the expired ones: once a day is enough.
  await db
    .deleteFrom('analytics_salts')
    .where('day', '<=', utcDay(new Date(now.getTime() - SALT_DAYS_KEPT * DAY_MS)))
    .execute();
  return created.salt;
}
