// The deploy hook's state (decision 0016). Serverless instances share no memory, so the
// pending change, the retry schedule and the last outcome live in this one row, which every
// instance (and the cron handler) reads and claims.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deploy_hook_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    // Changes the hook has not yet been told about (0: the site is current), the latest one's reason.
    .addColumn('pending_changes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    // Not before this time: the debounce after a change, or the backoff after a failed call.
    .addColumn('due_at', 'timestamptz')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    // An instance calling the hook holds the row until then, so two never call at once.
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_published_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deploy_hook_state').execute();
}
