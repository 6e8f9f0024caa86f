// Sessions signed out on one device (docs/decisions/0034-roles-decide-what-the-admin-shows.md):
// the token's id is refused until the token would have expired anyway. Signing out everywhere
// still bumps the user's session version instead.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_sessions')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_sessions').execute();
}
