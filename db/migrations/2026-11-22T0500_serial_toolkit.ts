// The serial author's toolkit (decisions 0014 and 0024): chapters released at a set time, a story's recurring
// release schedule, the author's time zone those times are written in, and the per-story switch
// for the 18+ gate.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A draft with a release time is scheduled: the release job publishes it at that instant.
  await db.schema.alterTable('chapters').addColumn('release_at', 'timestamptz').execute();
  await sql`create index chapters_scheduled_release on chapters (release_at) where status = 'draft' and release_at is not null`.execute(db);

  // { weekdays: [0-6, Sunday first], time: 'HH:MM' } in the author's time zone; null: none.
  await db.schema.alterTable('stories').addColumn('release_schedule', 'jsonb').execute();
  // Adult stories (by audience or genre) show the 18+ confirmation unless the author turns it off.
  await db.schema
    .alterTable('stories')
    .addColumn('age_gate', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .alterTable('author_profile')
    .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('author_profile').dropColumn('time_zone').execute();
  await db.schema.alterTable('stories').dropColumn('age_gate').execute();
  await db.schema.alterTable('stories').dropColumn('release_schedule').execute();
  await db.schema.alterTable('chapters').dropColumn('release_at').execute();
}
