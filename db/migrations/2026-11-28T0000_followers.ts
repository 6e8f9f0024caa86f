// Readers who follow by email (docs/product.md, Following by email): the subscribers, the outbox
// every email leaves through, and which published chapters were already announced.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per address and scope (a story, or every story when story_id is null). No token is
  // stored: links are signed with the site's secret over the row and its token_issued_at, so a
  // new confirmation link voids the one before it (functions/subscriptions/tokens.ts).
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 3 and 254`))
    .addColumn('story_id', 'integer', (c) => c.references('stories.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed')`))
    .addColumn('token_issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .execute();
  await sql`create unique index subscribers_email_scope on subscribers (email, coalesce(story_id, 0))`.execute(db);
  await db.schema.createIndex('subscribers_story_status').on('subscribers').columns(['story_id', 'status']).execute();

  // Every email but the admin's test goes out through here: one row per (subscriber, chapter)
  // for release notifications, one pending confirmation per subscriber at a time.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('confirm', 'release')`))
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    // Null once the chapter (or its story) was deleted: the row is then dropped with that reason.
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`state in ('pending', 'sending', 'sent', 'failed', 'dropped')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_before', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index mail_outbox_release_once on mail_outbox (subscriber_id, chapter_id) where kind = 'release'`.execute(db);
  await sql`create unique index mail_outbox_one_confirm on mail_outbox (subscriber_id) where kind = 'confirm' and state in ('pending', 'sending')`.execute(
    db,
  );
  await sql`create index mail_outbox_due on mail_outbox (not_before, id) where state in ('pending', 'sending')`.execute(db);
  // Removing a subscriber deletes its rows, and subscribing counts an address's recent confirmations.
  await db.schema.createIndex('mail_outbox_subscriber').on('mail_outbox').column('subscriber_id').execute();
  await db.schema.createIndex('mail_outbox_state_updated').on('mail_outbox').columns(['state', 'updated_at']).execute();

  // When a chapter's release was handed to the outbox: set once, so a chapter unpublished and
  // published again, edited or renumbered is never announced twice. Chapters already public are
  // counted as announced.
  await db.schema.alterTable('chapters').addColumn('announced_at', 'timestamptz').execute();
  await sql`update chapters set announced_at = coalesce(published_at, now()) where status = 'published'`.execute(db);
  await sql`create index chapters_unannounced on chapters (id) where status = 'published' and announced_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chapters').dropColumn('announced_at').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('subscribers').execute();
}
