// Writing analytics events, the busiest write there is (issue 9: 1,000 events a second on the
// embedded database). Events that arrive together are written together (group-commit.ts): one
// query for the batch's banned addresses, one for the day's salt, one insert.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AnalyticsEventTable, Database } from '../../db/types.ts';
import { groupCommit, perDatabase } from '../core/group-commit.ts';
import { canonicalAddress } from '../moderation/ip-address.ts';
import { dailySalt, utcDay } from './salts.ts';
import { visitorKey } from './visitor-key.ts';

type Db = Kysely<Database>;

/** What the page sent, as validated, plus what the server read from the request. */
export type EventRecord = Omit<Insertable<AnalyticsEventTable>, 'visitor_hash' | 'created_at'> & { created_at: Date };

/** Who sent it: used for the visitor key and the ban check, never stored. */
export interface Sender {
  ip: string;
  userAgent: string;
}

interface Submission {
  event: EventRecord;
  sender: Sender;
}

/** The addresses among `addresses` that a ban covers (an address or a range). */
async function bannedAmong(db: Db, addresses: (string | null)[]): Promise<Set<string>> {
  const known = [...new Set(addresses.filter((address) => address !== null))];
  if (known.length === 0) return new Set();
  const { rows } = await sql<{ position: number }>`
    select position::int from unnest(${known}::inet[]) with ordinality as candidate(address, position)
    where exists (select 1 from banned_ips where ip_address >>= candidate.address)`.execute(db);
  return new Set(rows.map((row) => known[row.position - 1]!));
}

/** Writes a batch; events from banned addresses are left out (they got their 204 all the same). */
async function writeEvents(db: Db, submissions: Submission[]): Promise<void[]> {
  const addresses = submissions.map(({ sender }) => canonicalAddress(sender.ip));
  const banned = await bannedAmong(db, addresses);
  const salts = new Map<string, string>();
  for (const { event } of submissions) {
    const day = utcDay(event.created_at);
    if (!salts.has(day)) salts.set(day, await dailySalt(db, event.created_at));
  }
  const rows = await Promise.all(
    submissions
      .filter((_, index) => !banned.has(addresses[index] ?? ''))
      .map(async ({ event, sender }) => ({
        ...event,
        visitor_hash: await visitorKey(salts.get(utcDay(event.created_at))!, sender.ip, sender.userAgent),
      })),
  );
  if (rows.length > 0) await db.insertInto('analytics_events').values(rows).execute();
  return submissions.map(() => undefined);
}

const eventQueue = perDatabase((db) => groupCommit((submissions: Submission[]) => writeEvents(db, submissions)));

export const analyticsStore = {
  /** Stores the event, unless the sender's address is banned (then nothing is written). */
  record(db: Db, event: EventRecord, sender: Sender): Promise<void> {
    return eventQueue(db)({ event, sender });
  },
};
