// Subscribers and the confirmations queued for them (docs/product.md, Following by email). The
// emails themselves leave through the outbox (functions/mail); this file only queues them.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, SubscriberStatus } from '#db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A repeat subscribe of one address and scope within this many minutes queues no new confirmation. */
export const CONFIRM_RESEND_MINUTES = 10;
/** The most confirmations one address is sent in a day, whatever its scopes: no form can mail-bomb anyone. */
export const CONFIRMS_PER_ADDRESS_PER_DAY = 10;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A subscription with what it follows: a story's slug and title, or nulls for every story. */
export interface Subscription {
  id: number;
  email: string;
  story_id: number | null;
  status: SubscriberStatus;
  token_issued_at: Date;
  story_slug: string | null;
  story_title: string | null;
}

async function followsEveryStory(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscribers')
    .select('id')
    .where('email', '=', email)
    .where('story_id', 'is', null)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return row !== undefined;
}

/** Confirmations queued for `email` in the day before `now`, over all its scopes. */
async function confirmationsToday(db: Db, email: string, now: Date): Promise<number> {
  const { count } = await db
    .selectFrom('mail_outbox as o')
    .innerJoin('subscribers as s', 's.id', 'o.subscriber_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('s.email', '=', email)
    .where('o.kind', '=', 'confirm')
    .where('o.created_at', '>', new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Queues a confirmation email for each subscriber, unless one is already waiting to be sent. */
async function queueConfirmations(db: Db, subscriberIds: number[], now: Date): Promise<void> {
  if (subscriberIds.length === 0) return;
  await sql`
    insert into mail_outbox (kind, subscriber_id, not_before, created_at, updated_at)
    select 'confirm', id, ${now}, ${now}, ${now} from unnest(${subscriberIds}::int[]) as id
    on conflict (subscriber_id) where kind = 'confirm' and state in ('pending', 'sending') do nothing`.execute(db);
}

/** Writes new pending subscriptions, skipping addresses that already have one for the scope; returns the new ids. */
async function insertPending(db: Db, emails: string[], storyId: number | null, now: Date): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into subscribers (email, story_id, status, token_issued_at, created_at)
    select email, ${storyId}::int, 'pending', ${now}, ${now} from unnest(${emails}::text[]) as email
    on conflict (email, coalesce(story_id, 0)) do nothing
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

export const subscriberStore = {
  /** A published story by its slug: the only ones a reader may follow. */
  async publishedStory(db: Db, slug: string): Promise<{ id: number; title: string } | undefined> {
    return db.selectFrom('stories').select(['id', 'title']).where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
  },

  /** Any story by its slug, drafts too: the author may import a list for a story not yet out. */
  async story(db: Db, slug: string): Promise<{ id: number; title: string } | undefined> {
    return db.selectFrom('stories').select(['id', 'title']).where('slug', '=', slug).executeTakeFirst();
  },

  /**
   * A reader asks to follow: writes a pending subscription, or gives a pending one a new link,
   * and queues its confirmation. Nothing is queued for an address already following (this scope,
   * or every story), nor within CONFIRM_RESEND_MINUTES of the last link, nor past the address's
   * daily allowance. True when a confirmation was queued.
   */
  async subscribe(db: Kysely<Database>, email: string, storyId: number | null, now: Date): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (storyId !== null && (await followsEveryStory(trx, email))) return false;
      if ((await confirmationsToday(trx, email, now)) >= CONFIRMS_PER_ADDRESS_PER_DAY) return false;
      const resendAfter = new Date(now.getTime() - CONFIRM_RESEND_MINUTES * MINUTE_MS);
      const { rows } = await sql<{ id: number }>`
        insert into subscribers (email, story_id, status, token_issued_at, created_at)
        values (${email}, ${storyId}::int, 'pending', ${now}, ${now})
        on conflict (email, coalesce(story_id, 0)) do update set token_issued_at = excluded.token_issued_at
          where subscribers.status = 'pending' and subscribers.token_issued_at <= ${resendAfter}
        returning id`.execute(trx);
      if (rows.length === 0) return false;
      await queueConfirmations(trx, [rows[0]!.id], now);
      return true;
    });
  },

  /** Adds the author's addresses as pending subscriptions of one scope, each with a queued confirmation; returns how many were new. */
  async importAddresses(db: Kysely<Database>, emails: string[], storyId: number | null, now: Date): Promise<number> {
    return db.transaction().execute(async (trx) => {
      let fresh = emails;
      if (storyId !== null) {
        const everyStory = await trx
          .selectFrom('subscribers')
          .select('email')
          .where('story_id', 'is', null)
          .where('status', '=', 'confirmed')
          .where('email', 'in', sql<string>`(select unnest(${emails}::text[]))`)
          .execute();
        const following = new Set(everyStory.map((row) => row.email));
        fresh = emails.filter((email) => !following.has(email));
      }
      if (fresh.length === 0) return 0;
      const ids = await insertPending(trx, fresh, storyId, now);
      await queueConfirmations(trx, ids, now);
      return ids.length;
    });
  },

  async find(db: Db, id: number): Promise<Subscription | undefined> {
    return db
      .selectFrom('subscribers as s')
      .leftJoin('stories as st', 'st.id', 's.story_id')
      .select(['s.id', 's.email', 's.story_id', 's.status', 's.token_issued_at', 'st.slug as story_slug', 'st.title as story_title'])
      .where('s.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Confirms a pending subscription. Following every story takes the place of the address's
   * single-story subscriptions, so no release is announced to it twice. False when it was no
   * longer pending.
   */
  async confirm(db: Kysely<Database>, row: Subscription, now: Date): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('subscribers')
        .set({ status: 'confirmed', confirmed_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      if (row.story_id === null) {
        await trx.deleteFrom('subscribers').where('email', '=', row.email).where('story_id', 'is not', null).execute();
      }
      return true;
    });
  },

  /** Removes one subscription (its queued emails go with it). False when there was none. */
  async delete(db: Db, id: number): Promise<boolean> {
    const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** Removes every subscription of an address. */
  async deleteAddress(db: Db, email: string): Promise<void> {
    await db.deleteFrom('subscribers').where('email', '=', email).execute();
  },
};
