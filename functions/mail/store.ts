// What Admin -> Subscribers shows of the outbox: how many emails wait or failed, and the latest ones.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';

/** How many of the latest emails the status lists. */
export const RECENT_LIMIT = 50;

export const mailStatusStore = {
  async counts(db: Kysely<Database>): Promise<{ queued: number; failed: number }> {
    const rows = await db
      .selectFrom('mail_outbox')
      .select((eb) => ['state', eb.fn.countAll<string>().as('count')])
      .where('state', 'in', ['pending', 'sending', 'failed'])
      .groupBy('state')
      .execute();
    const count = (states: string[]) => rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + Number(row.count), 0);
    return { queued: count(['pending', 'sending']), failed: count(['failed']) };
  },

  /** The latest emails by their last change, with whom and what they were for. */
  recent(db: Kysely<Database>) {
    return db
      .selectFrom('mail_outbox as o')
      .innerJoin('subscribers as s', 's.id', 'o.subscriber_id')
      .leftJoin('chapters as c', 'c.id', 'o.chapter_id')
      .leftJoin('stories as st', (join) => join.on((eb) => eb('st.id', '=', eb.fn.coalesce('c.story_id', 's.story_id'))))
      .select(['o.id', 'o.kind', 's.email', 'st.title as story_title', 'c.chapter_number', 'c.title as chapter_title'])
      .select(['o.state', 'o.attempts', 'o.sent_at', 'o.updated_at', 'o.last_error'])
      .orderBy('o.updated_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(RECENT_LIMIT)
      .execute();
  },
};
