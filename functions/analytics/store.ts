// Writing analytics events, the busiest write there is (docs/product.md, Speed and capacity: 1,000 events a second on the
// embedded database). Events that arrive together are written together (group-commit.ts): one
// statement counts their rate-limit hits, one writes them, working out their visitor keys and
// leaving out banned addresses.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AnalyticsEventTable, Database } from '#db/types.ts';
import { groupCommit, perDatabase } from '#core/group-commit.ts';
import { type Hit, type HitResult, rateLimitStore } from '#core/rate-limit-store.ts';
import { canonicalAddress } from '#core/ip-address.ts';
import { dailySalt, utcDay } from './salts.ts';
import { visitorKeyInput, visitorKeySql } from './visitor-key.ts';

type Db = Kysely<Database>;

/** What the page sent, as validated, plus what the server read from the request. */
export type EventRecord = Omit<Insertable<AnalyticsEventTable>, 'visitor_hash' | 'created_at'> & { created_at: Date };

/** Who sent it: used for the visitor key and the ban check, never stored. */
export interface Sender {
  ip: string;
  userAgent: string;
}

interface Submission {
  /**
   * The event, read and checked only once its rate-limit hits are counted (so a flood of
   * malformed events is limited too); it throws the AppError that refuses it.
   */
  event: () => EventRecord;
  sender: Sender;
  /** The request's rate-limit hits, counted with the batch (one round trip less per batch). */
  hits: Hit[];
}

/** An event checked and ready to write. */
interface Checked {
  event: EventRecord;
  sender: Sender;
}

/** What became of a submission: its hits' results, and the error that refused its event, if any. */
export interface Outcome {
  hits: HitResult[];
  refused?: unknown;
}

/** The batch as one array per column (unnest turns them back into rows). */
function columnsOf(submissions: Checked[]) {
  const column = <T>(pick: (submission: Checked) => T) => submissions.map(pick);
  return {
    event_type: column(({ event }) => event.event_type),
    session_id: column(({ event }) => event.session_id ?? null),
    url_path: column(({ event }) => event.url_path ?? null),
    referrer: column(({ event }) => event.referrer ?? null),
    content_type: column(({ event }) => event.content_type ?? null),
    content_id: column(({ event }) => event.content_id ?? null),
    parent_type: column(({ event }) => event.parent_type ?? null),
    parent_id: column(({ event }) => event.parent_id ?? null),
    value_num: column(({ event }) => event.value_num ?? null),
    meta: column(({ event }) => event.meta ?? '{}'),
    device: column(({ event }) => event.device ?? null),
    browser: column(({ event }) => event.browser ?? null),
    created_at: column(({ event }) => event.created_at.toISOString()),
    day: column(({ event }) => utcDay(event.created_at)),
    address: column(({ sender }) => canonicalAddress(sender.ip)),
    // What the visitor key hashes after the salt (visitor-key.ts); a parameter, never stored.
    sender: column(({ sender }) => visitorKeyInput('', sender.ip, sender.userAgent)),
  };
}

/**
 * Inserts the batch in one statement: each event gets its visitor key from its day's salt, and
 * events from banned addresses (an address or a range) are left out, as they got their 204 all
 * the same. Answers the days that have no salt yet, whose events were not written either.
 */
async function insertBatch(db: Db, submissions: Checked[]): Promise<string[]> {
  const c = columnsOf(submissions);
  const { rows } = await sql<{ unsalted: string[] }>`
    with batch as (
      select * from unnest(
        ${c.event_type}::text[], ${c.session_id}::text[], ${c.url_path}::text[], ${c.referrer}::text[],
        ${c.content_type}::text[], ${c.content_id}::text[], ${c.parent_type}::text[], ${c.parent_id}::text[],
        ${c.value_num}::double precision[], ${c.meta}::jsonb[], ${c.device}::text[], ${c.browser}::text[],
        ${c.created_at}::timestamptz[], ${c.day}::date[], ${c.address}::inet[], ${c.sender}::text[]
      ) as b(event_type, session_id, url_path, referrer, content_type, content_id, parent_type, parent_id,
             value_num, meta, device, browser, created_at, day, address, sender)
    ),
    written as (
      insert into analytics_events (event_type, session_id, url_path, referrer, content_type, content_id,
        parent_type, parent_id, value_num, meta, device, browser, created_at, visitor_hash)
      select b.event_type, b.session_id, b.url_path, b.referrer, b.content_type, b.content_id, b.parent_type,
        b.parent_id, b.value_num, b.meta, b.device, b.browser, b.created_at,
        ${visitorKeySql(sql.ref('s.salt'), sql.ref('b.sender'))}
      from batch b join analytics_salts s on s.day = b.day
      where not exists (select 1 from banned_ips where ip_address >>= b.address)
    )
    select array(
      select distinct b.day::text from batch b where not exists (select 1 from analytics_salts s where s.day = b.day)
    ) as unsalted`.execute(db);
  return rows[0]!.unsalted;
}

/**
 * Counts the batch's rate-limit hits, then reads and writes the events that are within their
 * limits; a day's first events make its salt (salts.ts) and are written with it. Answers each
 * submission's outcome (the route refuses limited ones with 429, refused events with 400).
 */
async function writeEvents(db: Db, submissions: Submission[]): Promise<Outcome[]> {
  // One transaction: one commit (one log write) per batch instead of two.
  return db.transaction().execute((trx) => countAndWrite(trx, submissions));
}

async function countAndWrite(db: Db, submissions: Submission[]): Promise<Outcome[]> {
  const counted = await rateLimitStore.countBatch(
    db,
    submissions.flatMap(({ hits }) => hits),
  );
  let next = 0;
  const outcomes: Outcome[] = submissions.map(({ hits }) => {
    const start = next;
    next += hits.length;
    return { hits: counted.slice(start, next) };
  });
  const accepted: Checked[] = [];
  submissions.forEach(({ event, sender }, index) => {
    const outcome = outcomes[index]!;
    if (outcome.hits.some((result) => result.limited)) return;
    try {
      accepted.push({ event: event(), sender });
    } catch (error) {
      outcome.refused = error;
    }
  });
  if (accepted.length === 0) return outcomes;
  const unsalted = await insertBatch(db, accepted);
  if (unsalted.length > 0) {
    for (const day of unsalted) await dailySalt(db, new Date(`${day}T00:00:00Z`));
    await insertBatch(
      db,
      accepted.filter(({ event }) => unsalted.includes(utcDay(event.created_at))),
    );
  }
  return outcomes;
}

const eventQueue = perDatabase((db) => groupCommit((submissions: Submission[]) => writeEvents(db, submissions)));

export const analyticsStore = {
  /**
   * Counts the submission's rate-limit hits and, within its limits, reads its event and stores it
   * unless the sender's address is banned (then nothing is written). Answers what became of it.
   */
  record(db: Db, submission: Submission): Promise<Outcome> {
    return eventQueue(db)(submission);
  },
};
