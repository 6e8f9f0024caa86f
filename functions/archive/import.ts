// Makes the site what the archive holds: the whole archive is checked first (read-archive.ts);
// its files are written where no file exists (uploads.ts), under a journal committed before the
// first write (journal.ts); the rows are replaced in one transaction that also marks the journal
// committed; the old site's other files are deleted only after that. A failure at any point, even
// a killed process, leaves every row and every existing file as it was (decision 22).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { diskFull } from '#core/disk-full.ts';
import { AppError } from '#core/errors.ts';
import type { Storage } from '#core/storage.ts';
import { markCommitted, openJournal, settleImport } from './journal.ts';
import { type ArchiveContents, readArchive, readVerified } from './read-archive.ts';
import { advanceSequences, emptyTables, insertRowsFromJson, linkRowsFromJson, writableColumns } from './rows.ts';
import { tablesFor } from './tables.ts';
import { contentTypeOf, placeUploads, renameUploadKeys, siteUploadKeys } from './uploads.ts';
import { type ArchiveSource, bytesSource } from './zip-directory.ts';

export const SITE_HAS_CONTENT = 'This site already has content. Importing the archive replaces it: confirm the replace to go on.';
const ROWS_DO_NOT_FIT = 'This archive cannot be imported: its rows do not fit this site’s database';
const NOT_STORED = 'The archive’s files could not be stored, so nothing was imported. Please try again.';

export interface ImportOptions {
  /** The admin confirmed that the site's current content is replaced. */
  replace: boolean;
  maxUnpackedBytes?: number;
}

export interface ImportSummary {
  /** Rows per table. */
  rows: Record<string, number>;
  uploads: number;
  analytics: boolean;
}

type ImportDeps = { db: Kysely<Database>; storage: Storage };

/** Anything the import would overwrite: content rows, analytics events (when the archive brings some), uploads. */
async function siteHasContent(deps: ImportDeps, analytics: boolean): Promise<boolean> {
  const tables = tablesFor(analytics).filter((t) => !t.analytics || t.name === 'analytics_events');
  const any = sql.join(
    tables.map((t) => sql`exists (select 1 from ${sql.table(t.name)})`),
    sql` or `,
  );
  const { rows } = await sql<{ any: boolean }>`select ${any} as any`.execute(deps.db);
  return rows[0]!.any || (await siteUploadKeys(deps.db, deps.storage)).length > 0;
}

/** Postgres refusing a row (SQLSTATE class 22 data exception, 23 constraint): the archive's fault, a 400. */
function refusedRow(error: unknown): AppError | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !/^2[23]/.test(code)) return null;
  return new AppError(400, `${ROWS_DO_NOT_FIT} (${typeof message === 'string' ? message : code}).`);
}

async function replaceRows(trx: Kysely<Database>, archive: ArchiveContents, renames: ReadonlyMap<string, string>): Promise<void> {
  const tables = tablesFor(archive.manifest.includes_analytics);
  await emptyTables(trx, tables);
  // The period cache is derived from the daily rollups and not archived: it starts empty.
  if (archive.manifest.includes_analytics) await trx.deleteFrom('analytics_period_content').execute();
  const written = tables.map((table) => ({ table, rows: renameUploadKeys(archive.rows.get(table.name)!, renames) }));
  for (const { table, rows } of written) await insertRowsFromJson(trx, table, await writableColumns(trx, table.name), rows);
  for (const { table, rows } of written) await linkRowsFromJson(trx, table, rows);
  await advanceSequences(trx, tables);
}

export async function importArchive(
  deps: ImportDeps,
  archiveBytes: ArchiveSource | Uint8Array,
  options: ImportOptions,
): Promise<ImportSummary> {
  const source = archiveBytes instanceof Uint8Array ? bytesSource(archiveBytes) : archiveBytes;
  const archive = await readArchive(deps.db, source, options.maxUnpackedBytes);
  if (!options.replace && (await siteHasContent(deps, archive.manifest.includes_analytics))) throw new AppError(409, SITE_HAS_CONTENT);

  const oldKeys = await siteUploadKeys(deps.db, deps.storage);
  const placement = await placeUploads(deps.storage, archive.uploads);
  const journal = await openJournal(
    deps.db,
    placement.writes.map((write) => write.target),
  );
  try {
    for (const { upload, target } of placement.writes) {
      const body = await readVerified(source, upload.entry, upload.file);
      await deps.storage.put(target, body, contentTypeOf(body));
    }
  } catch (error) {
    await settleImport(deps.db, deps.storage, journal);
    if (diskFull(error)) throw error; // answered 507 like every other write
    console.error('[import] writing the uploads failed; nothing was changed:', error);
    throw new AppError(503, NOT_STORED);
  }
  try {
    await deps.db.transaction().execute(async (trx) => {
      await replaceRows(trx, archive, placement.renames);
      await markCommitted(
        trx,
        journal,
        oldKeys.filter((key) => !placement.keys.has(key)),
      );
    });
  } catch (error) {
    await settleImport(deps.db, deps.storage, journal);
    throw refusedRow(error) ?? error;
  }
  await settleImport(deps.db, deps.storage, journal);
  return {
    rows: Object.fromEntries(archive.counts),
    uploads: archive.uploads.length,
    analytics: archive.manifest.includes_analytics,
  };
}
