// Analytics without tracking (docs/product.md, Content and its rules): the daily salts behind the visitor hash, the hour and
// weekday of each event for the audience segments, and a referrer column that can only hold a host.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One secret per UTC day. The visitor hash mixes it with address and user agent, so the same
  // visitor is recognised within a day and never across days; deleting old salts (the ingest
  // does, after two days, as Plausible does) makes old hashes impossible to recompute.
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull().check(sql`salt ~ '^[0-9a-f]{64}$'`))
    .execute();

  // Derived from created_at (UTC) by the database itself, so they can never disagree with it.
  // AT TIME ZONE with a constant zone is immutable, as a generated column requires.
  await db.schema
    .alterTable('analytics_events')
    .addColumn('hour', 'smallint', (c) =>
      c.generatedAlwaysAs(sql`extract(hour from created_at at time zone 'UTC')::smallint`).stored().notNull(),
    )
    .execute();
  await db.schema
    .alterTable('analytics_events')
    .addColumn('day_of_week', 'smallint', (c) =>
      c.generatedAlwaysAs(sql`extract(dow from created_at at time zone 'UTC')::smallint`).stored().notNull(),
    )
    .execute();

  // The referrer column keeps the referring host only (a full URL can carry search terms or
  // personal tokens). No writer stored anything here before this migration.
  await db.schema
    .alterTable('analytics_events')
    .addCheckConstraint('analytics_events_referrer_host_only', sql`char_length(referrer) <= 255 and referrer !~ '[/?#@[:space:]]'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analytics_events').dropConstraint('analytics_events_referrer_host_only').execute();
  await db.schema.alterTable('analytics_events').dropColumn('day_of_week').execute();
  await db.schema.alterTable('analytics_events').dropColumn('hour').execute();
  await db.schema.dropTable('analytics_salts').execute();
}
