// Hands new releases to the outbox (docs/decisions/0042-mail-outbox.md): a published chapter
// whose announced_at is null gets one outbox row per confirmed follower, and announced_at is set
// in the same transaction, so a chapter is announced once however often it is unpublished,
// edited or renumbered afterwards.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';

/**
 * Chapters published longer ago than this are marked announced without an email: turning email
 * on, importing an archive or a long outage must not mail the back catalogue.
 */
export const ANNOUNCE_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Announces what was published and not yet announced; resolves to the number of outbox rows written. */
export async function announceReleases(db: Kysely<Database>, now: Date): Promise<number> {
  const oldest = new Date(now.getTime() - ANNOUNCE_WINDOW_DAYS * DAY_MS);
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('chapters')
      .set({ announced_at: now })
      .where('status', '=', 'published')
      .where('announced_at', 'is', null)
      .where('published_at', '<', oldest)
      .execute();
    // Chapters of a story readers cannot see yet wait until it is published.
    const due = await trx
      .selectFrom('chapters')
      .innerJoin('stories', 'stories.id', 'chapters.story_id')
      .select('chapters.id')
      .where('chapters.status', '=', 'published')
      .where('chapters.announced_at', 'is', null)
      .where('stories.status', '=', 'published')
      .execute();
    if (due.length === 0) return 0;
    const ids = due.map((chapter) => chapter.id);
    // One row per address and chapter: someone who follows both the story and every story gets
    // it once, through the story's own subscription (its unsubscribe link names that story).
    const inserted = await sql<{ id: number }>`
      insert into mail_outbox (kind, subscriber_id, chapter_id, not_before)
      select distinct on (s.email, c.id) 'release', s.id, c.id, ${now}::timestamptz
      from chapters c
      join subscribers s on s.status = 'confirmed' and (s.story_id = c.story_id or s.story_id is null)
      where c.id in (${sql.join(ids)})
      order by s.email, c.id, s.story_id nulls last
      on conflict do nothing
      returning id`.execute(trx);
    await trx.updateTable('chapters').set({ announced_at: now }).where('id', 'in', ids).execute();
    return inserted.rows.length;
  });
}

/** Deletes subscriptions nobody confirmed within this many days of their last link (docs/product.md, Following by email). */
export const UNCONFIRMED_DAYS = 30;

export async function purgeUnconfirmed(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('subscribers')
    .where('status', '=', 'pending')
    .where('token_issued_at', '<', new Date(now.getTime() - UNCONFIRMED_DAYS * DAY_MS))
    .execute();
}
