// Puts a backup (scripts/server/backup.ts) back in place of the embedded database and uploads.
// It refuses while the server runs (the database lock), and deletes nothing: the current
// database, uploads and published site are moved aside into DATA_DIR/before-restore-<time>/.
// If anything fails on the way, what was moved aside is moved back. Every session ends (README
// "Backups"): the backup holds the session versions of its day, which would let cookies signed
// out since then work again.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase, embeddedDatabaseDir } from '#db/connect.ts';
import { acquireDatabaseLock } from '#db/lock.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest, copyTree, MANIFEST_FILE } from './backup.ts';

/**
 * What a data folder holds that a restore replaces: the database, the uploads, the site built
 * from them, and the generated key that signed its sessions (the server makes a new one).
 */
const REPLACED = ['pgdata', 'uploads', 'site', 'session-secret'] as const;

export class RestoreError extends Error {}

/** The manifest of a backup folder, or a RestoreError saying why the folder is not one. */
export async function readBackupManifest(folder: string): Promise<BackupManifest> {
  const raw = await fs.readFile(path.join(folder, MANIFEST_FILE), 'utf8').catch(() => {
    throw new RestoreError(`${folder} is not a backup: it has no ${MANIFEST_FILE}`);
  });
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(raw) as Partial<BackupManifest>;
  } catch {
    throw new RestoreError(`${folder} is not a backup: its ${MANIFEST_FILE} is not JSON`);
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new RestoreError(`${folder} is not a backup of this site (format ${JSON.stringify(manifest?.format)})`);
  if (manifest.version !== BACKUP_VERSION) {
    throw new RestoreError(
      `${folder} is a backup of format version ${manifest.version}; this version of the site reads version ${BACKUP_VERSION}`,
    );
  }
  return manifest as BackupManifest;
}

/** A name from the manifest, refused unless it is a plain name inside the backup folder. */
function inside(folder: string, name: unknown): string {
  if (typeof name !== 'string' || name === '' || name !== path.basename(name) || name === '.' || name === '..' || name.includes('\0')) {
    throw new RestoreError(`${folder} has a damaged ${MANIFEST_FILE} (bad file name ${JSON.stringify(name)})`);
  }
  return path.join(folder, name);
}

export interface Restored {
  movedAside: string;
  /**
   * Whether the database before the restore could be read, so that every session version is now
   * past any it had. When not, only the new generated secret ends the old sessions, which does
   * nothing while SESSION_SECRET is set.
   */
  sessionVersionsPastBefore: boolean;
}

export async function restoreBackup(backupFolder: string, dataDir: string, now = new Date()): Promise<Restored> {
  const folder = path.resolve(backupFolder);
  const manifest = await readBackupManifest(folder);
  const databaseFile = inside(folder, manifest.database?.file);
  const uploadsFolder = inside(folder, manifest.uploads?.folder);
  const database = await fs.readFile(databaseFile).catch(() => {
    throw new RestoreError(`${folder} is incomplete: ${path.basename(databaseFile)} is missing`);
  });
  if (database.byteLength !== manifest.database.bytes)
    throw new RestoreError(`${folder} is damaged: ${path.basename(databaseFile)} has the wrong size`);

  const lock = await acquireDatabaseLock(dataDir);
  const movedAside = path.join(dataDir, `before-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
  const moved: string[] = [];
  let highestBefore: number | null;
  try {
    highestBefore = await highestSessionVersion(dataDir);
    await fs.mkdir(movedAside);
    try {
      for (const name of REPLACED) {
        if (await fs.rename(path.join(dataDir, name), path.join(movedAside, name)).then(() => true, ignoreMissing)) moved.push(name);
      }
      await loadDatabase(dataDir, database, highestBefore ?? 0);
      await copyTree(uploadsFolder, path.join(dataDir, 'uploads'));
    } catch (error) {
      // Back as it was: what the restore wrote goes, what it moved aside returns.
      for (const name of REPLACED) await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
      for (const name of moved) await fs.rename(path.join(movedAside, name), path.join(dataDir, name));
      await fs.rm(movedAside, { recursive: true, force: true });
      throw error;
    }
  } finally {
    lock.release();
  }
  return { movedAside, sessionVersionsPastBefore: highestBefore !== null };
}

function ignoreMissing(error: NodeJS.ErrnoException): false {
  if (error.code === 'ENOENT') return false;
  throw error;
}

/**
 * The highest session version of any account in the database now in `dataDir`, or null when
 * there is none or it cannot be read (a damaged database is a reason to restore).
 */
async function highestSessionVersion(dataDir: string): Promise<number | null> {
  if (
    !(await fs.stat(path.join(embeddedDatabaseDir(dataDir), 'PG_VERSION')).then(
      () => true,
      () => false,
    ))
  )
    return null;
  try {
    const handle = await connectDatabase({ dataDir });
    try {
      const row = await handle.db
        .selectFrom('users')
        .select((eb) => eb.fn.max('session_version').as('highest'))
        .executeTakeFirstOrThrow();
      return Number(row.highest ?? 0);
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/**
 * Unpacks the dump into a fresh database folder, then opens it as the server will, to be sure it
 * works. Every account's session version then goes past its own and past `highestBefore`: no
 * token issued before, from this backup's time or since, matches it, however often one restores.
 */
async function loadDatabase(dataDir: string, tarball: Uint8Array, highestBefore: number): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const unpacked = await PGlite.create({ dataDir: embeddedDatabaseDir(dataDir), loadDataDir: new Blob([Uint8Array.from(tarball)]) });
  await unpacked.close();
  const handle = await connectDatabase({ dataDir });
  try {
    await sql`select count(*) from kysely_migration`.execute(handle.db);
    await handle.db
      .updateTable('users')
      .set({ session_version: sql`greatest(session_version, ${highestBefore}) + 1` })
      .execute();
  } finally {
    await handle.close();
  }
}
