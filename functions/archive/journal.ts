// The import's journal (decision 22): before an import writes a file, the keys it will write are
// committed here; the transaction that replaces the rows marks the entry committed and records
// the old site's files to delete. An entry still here at the next start belongs to an import that
// was killed: before its commit, the files it wrote are deleted (the rows never changed); after
// it, the old files it had not yet deleted are.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import type { Storage } from '#core/storage.ts';

type Db = Kysely<Database>;

/** Records the keys about to be written (each one holds nothing yet); returns the entry's id. */
export async function openJournal(db: Db, written: readonly string[]): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('archive_imports')
    .values({ id, state: 'writing', written: [...written] })
    .execute();
  return id;
}

/** Inside the rows' transaction: the import is done once this commits; `replaced` are deleted after. */
export async function markCommitted(trx: Db, id: string, replaced: readonly string[]): Promise<void> {
  await trx
    .updateTable('archive_imports')
    .set({ state: 'committed', replaced: [...replaced] })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes what the entry says is left over (the written files before a commit, the replaced ones
 * after), then the entry; an entry whose files could not all be deleted stays for the next start.
 */
export async function settleImport(db: Db, storage: Storage, id: string): Promise<void> {
  const entry = await db.selectFrom('archive_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!entry) return;
  const keys = entry.state === 'committed' ? entry.replaced : entry.written;
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.filter((result) => result.status === 'rejected');
  if (failed.length > 0) {
    console.error(
      `[import] ${failed.length} file(s) left over by an import could not be deleted; retried at the next start:`,
      failed[0]!.reason,
    );
    return;
  }
  await db.deleteFrom('archive_imports').where('id', '=', id).execute();
}

/** At start-up (server, `npm run import`): settles every import a killed process left; returns how many. */
export async function settleInterruptedImports(db: Db, storage: Storage): Promise<number> {
  const entries = await db.selectFrom('archive_imports').select('id').orderBy('started_at').execute();
  for (const entry of entries) await settleImport(db, storage, entry.id);
  return entries.length;
}
