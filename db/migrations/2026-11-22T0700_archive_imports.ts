// The import's journal (docs/decisions/0022-imports-never-overwrite-files.md): the files an
// import is about to write, recorded before it writes them, and the old site's files to delete,
// recorded in the transaction that replaces the rows. Whatever a killed import leaves is undone
// (or, once committed, finished) from this at the next start.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('archive_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'writing': the rows are not replaced yet; 'committed': they are, the old files may go.
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('writing', 'committed')`))
    // Keys that held nothing before the import: deleted when it did not commit.
    .addColumn('written', sql`text[]`, (c) => c.notNull())
    // Keys of the old site the archive does not keep: deleted once it committed.
    .addColumn('replaced', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('archive_imports').execute();
}
