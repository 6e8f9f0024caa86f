// The outbox's rows through their life (docs/decisions/0042-mail-outbox.md): pending -> sending
// (claimed for a lease) -> sent, or back to pending with a back-off, or failed, or dropped.
import { type Kysely, sql } from 'kysely';
import type { Database, OutboxKind } from '#db/types.ts';

/** Waits after the 1st, 2nd, ... temporary failure; the last one repeats. */
export const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
/** Tries before a row that keeps failing for a while is given up: 1+5+15+60 min, then 12 x 4 h, about two days. */
export const MAX_ATTEMPTS = 16;
const MINUTE_MS = 60 * 1000;

export interface ClaimedRow {
  id: number;
  kind: OutboxKind;
  subscriber_id: number;
  chapter_id: number | null;
  attempts: number;
}

/** How long to wait after the `attempts`-th try failed for a temporary reason. */
export function backoffMs(attempts: number): number {
  return BACKOFF_MINUTES[Math.min(Math.max(attempts, 1), BACKOFF_MINUTES.length) - 1]! * MINUTE_MS;
}

export const outboxStore = {
  /**
   * Claims every due row of up to `subscribers` subscribers (confirmations first, then oldest) in
   * one statement, for `leaseMs`. Rows another sender holds are skipped; rows whose lease ran out
   * (a sender that died) are due again.
   */
  async claim(db: Kysely<Database>, now: Date, subscribers: number, leaseMs: number): Promise<ClaimedRow[]> {
    const due = sql`((o.state = 'pending' and o.not_before <= ${now}) or (o.state = 'sending' and o.claimed_until <= ${now}))`;
    const { rows } = await sql<ClaimedRow>`
      update mail_outbox set state = 'sending', claimed_until = ${new Date(now.getTime() + leaseMs)},
        attempts = attempts + 1, updated_at = ${now}
      where id in (
        select o.id from mail_outbox o
        where ${due} and o.subscriber_id in (
          select o.subscriber_id from mail_outbox o where ${due}
          group by o.subscriber_id
          order by min(case when o.kind = 'confirm' then 0 else 1 end), min(o.id)
          limit ${subscribers}
        )
        for update skip locked
      )
      returning id, kind, subscriber_id, chapter_id, attempts`.execute(db);
    return rows;
  },

  /** Keeps a claim alive while its batch is still being sent. */
  async extend(db: Kysely<Database>, ids: readonly number[], until: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('mail_outbox').set({ claimed_until: until }).where('id', 'in', ids).where('state', '=', 'sending').execute();
  },

  async markSent(db: Kysely<Database>, ids: readonly number[], now: Date): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ state: 'sent', sent_at: now, claimed_until: null, last_error: null, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  },

  /** A temporary failure: tried again after the back-off, or failed once MAX_ATTEMPTS were used. */
  async retryLater(db: Kysely<Database>, rows: readonly ClaimedRow[], error: string, now: Date): Promise<'pending' | 'failed'> {
    const attempts = Math.max(...rows.map((row) => row.attempts));
    const state = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    await db
      .updateTable('mail_outbox')
      .set({ state, not_before: new Date(now.getTime() + backoffMs(attempts)), claimed_until: null, last_error: error, updated_at: now })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return state;
  },

  async fail(db: Kysely<Database>, ids: readonly number[], error: string, now: Date): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ state: 'failed', claimed_until: null, last_error: error, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  },

  /** Rows that will never be sent (their chapter or story is gone or hidden), with the reason. */
  async drop(db: Kysely<Database>, ids: readonly number[], reason: string, now: Date): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ state: 'dropped', claimed_until: null, last_error: reason, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  },

  /** Claimed rows that were not tried (the run stopped): pending again at `notBefore`, the claim's attempt not counted. */
  async unclaim(db: Kysely<Database>, ids: readonly number[], notBefore: Date, now: Date): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({ state: 'pending', claimed_until: null, not_before: notBefore, attempts: eb('attempts', '-', 1), updated_at: now }))
      .where('id', 'in', ids)
      .where('state', '=', 'sending')
      .execute();
  },

  /** When a row falls due next (a pending row's time, or a claim running out), or null when none waits. */
  async nextDueAt(db: Kysely<Database>): Promise<Date | null> {
    const row = await db
      .selectFrom('mail_outbox')
      .select(sql<Date | null>`min(case when state = 'pending' then not_before else claimed_until end)`.as('due'))
      .where('state', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    return row?.due ? new Date(row.due) : null;
  },

  /**
   * Failed rows back to pending, due now: one (`id`) or all. A failed confirmation is retried only
   * when it is its subscriber's newest and no other one waits (one pending confirmation each).
   */
  async retryFailed(db: Kysely<Database>, id: number | undefined, now: Date): Promise<number> {
    const result = await sql`
      update mail_outbox o set state = 'pending', not_before = ${now}, attempts = 0, claimed_until = null, updated_at = ${now}
      where o.state = 'failed' ${id === undefined ? sql`` : sql`and o.id = ${id}`}
        and (o.kind = 'release' or (
          o.id = (select max(c.id) from mail_outbox c where c.subscriber_id = o.subscriber_id and c.kind = 'confirm')
          and not exists (select 1 from mail_outbox c where c.subscriber_id = o.subscriber_id and c.kind = 'confirm' and c.state in ('pending', 'sending'))
        ))`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};
