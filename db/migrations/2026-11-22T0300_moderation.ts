// Moderation and abuse limits (docs/product.md, Security): one id space for both comment tables, held comments,
// bans as real network addresses (ranges too), and the counters behind the per-address rate limits.
import { type Kysely, sql } from 'kysely';

const COMMENT_TABLES = ['chapter_comments', 'image_comments'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // The moderation calls name a comment by id alone (moderate sends only id), so a chapter
  // comment and an image comment must never share one. Both tables now draw ids from one sequence;
  // image comments whose id a chapter comment already holds are renumbered (nothing refers to
  // comment ids). The sequence belongs to chapter_comments.id so that a truncate with restart
  // identity (the tests' reset) restarts it too.
  await sql`create sequence comment_ids as integer`.execute(db);
  for (const table of COMMENT_TABLES) {
    await sql`alter table ${sql.table(table)} alter column id drop identity`.execute(db);
  }
  // Shifted past the highest id of both tables, so a moved id cannot meet any other.
  await sql`update image_comments set id = id + greatest(
    (select coalesce(max(id), 0) from chapter_comments), (select coalesce(max(id), 0) from image_comments))
    where id in (select id from chapter_comments)`.execute(db);
  await sql`select setval('comment_ids', greatest(
    (select coalesce(max(id), 0) from chapter_comments), (select coalesce(max(id), 0) from image_comments), 1),
    (exists (select 1 from chapter_comments) or exists (select 1 from image_comments)))`.execute(db);
  for (const table of COMMENT_TABLES) {
    await sql`alter table ${sql.table(table)} alter column id set default nextval('comment_ids')`.execute(db);
  }
  await sql`alter sequence comment_ids owned by chapter_comments.id`.execute(db);

  // Why a comment stays pending whatever a moderation setting says (many links, links only);
  // null for ordinary comments. Only a moderator's decision releases it.
  for (const table of COMMENT_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('held_reason', 'text', (c) => c.check(sql.raw(`char_length(held_reason) between 1 and 100`)))
      .execute();
    // The moderation list reads newest first; the duplicate check reads an address's latest comment.
    await db.schema.createIndex(`${table}_created_idx`).on(table).columns(['created_at', 'id']).execute();
  }

  // Bans hold a network address: one host (shown without a prefix) or a CIDR range, validated and
  // normalised by the database as well, and matched with the containment operator. No writer
  // stored bans before this migration, so every row casts.
  await db.schema.alterTable('banned_ips').dropConstraint('banned_ips_ip_address_check').execute();
  await sql`alter table banned_ips alter column ip_address type inet using ip_address::inet`.execute(db);
  await sql`create index banned_ips_range_idx on banned_ips using gist (ip_address inet_ops)`.execute(db);

  // Fixed-window counters of the rate limits, one row per key (limit, window length, address) and
  // window. Rows are deleted once their window has passed.
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.notNull().check(sql`char_length(key) between 1 and 200`))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 1`))
    .addPrimaryKeyConstraint('rate_limit_counters_pkey', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_counters_expires_idx').on('rate_limit_counters').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();

  await sql`drop index banned_ips_range_idx`.execute(db);
  await sql`alter table banned_ips alter column ip_address type text using abbrev(ip_address)`.execute(db);
  await db.schema
    .alterTable('banned_ips')
    .addCheckConstraint('banned_ips_ip_address_check', sql`char_length(ip_address) between 1 and 64`)
    .execute();

  for (const table of COMMENT_TABLES) {
    await db.schema.dropIndex(`${table}_created_idx`).execute();
    await db.schema.alterTable(table).dropColumn('held_reason').execute();
  }
  // Each table gets its own identity again, continuing after its highest id.
  await sql`alter sequence comment_ids owned by none`.execute(db);
  for (const table of COMMENT_TABLES) {
    await sql`alter table ${sql.table(table)} alter column id drop default`.execute(db);
    const { rows } = await sql<{ next: number }>`select coalesce(max(id), 0) + 1 as next from ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} alter column id add generated always as identity (start with ${sql.lit(Number(rows[0]!.next))})`.execute(
      db,
    );
  }
  await sql`drop sequence comment_ids`.execute(db);
}
