// Makes the site what the archive holds: the whole archive is checked first (read-archive.ts),
// the rows are replaced in one transaction, and the uploads are written inside it so that any
// failure rolls the rows back and puts every file back. The old site's other files are deleted
// only once the new rows are committed.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { diskFull } from '../core/disk-full.ts';
import { AppError } from '../core/errors.ts';
import type { Storage } from '../core/storage.ts';
import { type ArchiveContents, readArchive } from './read-archive.ts';
import { advanceSequences, emptyTables, insertRowsFromJson, writableColumns } from './rows.ts';
import { tablesFor } from './tables.ts';
import { deleteReplacedUploads, siteUploadKeys, UndoableUploads } from './uploads.ts';

export const SITE_HAS_CONTENT =
  'This site already has content. Importing the archive replaces it: confirm the replace to go on.';
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

async function replaceRows(trx: Kysely<Database>, archive: ArchiveContents): Promise<void> {
  const tables = tablesFor(archive.manifest.includes_analytics);
  await emptyTables(trx, tables);
  // The period cache is derived from the daily rollups and not archived: it starts empty.
  if (archive.manifest.includes_analytics) await trx.deleteFrom('analytics_period_content').execute();
  for (const table of tables) {
    await insertRowsFromJson(trx, table, await writableColumns(trx, table.name), archive.rows.get(table.name)!);
  }
  await advanceSequences(trx, tables);
}

export async function importArchive(deps: ImportDeps, bytes: Uint8Array, options: ImportOptions): Promise<ImportSummary> {
  const archive = await readArchive(deps.db, bytes, options.maxUnpackedBytes);
  if (!options.replace && (await siteHasContent(deps, archive.manifest.includes_analytics))) throw new AppError(409, SITE_HAS_CONTENT);

  const oldKeys = await siteUploadKeys(deps.db, deps.storage);
  const uploads = new UndoableUploads(deps.storage);
  let writingFiles = false;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await replaceRows(trx, archive);
      writingFiles = true;
      for (const [key, body] of archive.uploads) await uploads.put(key, body);
    });
  } catch (error) {
    await uploads.undo();
    const refused = refusedRow(error);
    if (refused) throw refused;
    if (writingFiles && !diskFull(error)) {
      console.error('[import] writing the uploads failed; rows rolled back and files restored:', error);
      throw new AppError(503, NOT_STORED);
    }
    throw error;
  }
  await deleteReplacedUploads(deps.storage, oldKeys, new Set(archive.uploads.keys()));
  return {
    rows: Object.fromEntries(archive.counts),
    uploads: archive.uploads.size,
    analytics: archive.manifest.includes_analytics,
  };
}
