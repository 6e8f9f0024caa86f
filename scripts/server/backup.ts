// Local backups for self-hosters on the embedded database (decision 0025).
// A backup is a folder BACKUP_DIR/backup-<UTC time>/ with the database files as PGlite dumps
// them (database.tar.gz), a copy of the uploads folder and a manifest. It is written under a
// ".partial-" name and renamed into place, so a folder named backup-* is always complete; older
// backups are deleted only after a new one succeeded. Uploads never change once written (their
// names are generated), so a file the previous backup already holds is hard-linked, not copied
// again: seven daily backups of the same images take the room of one.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';

export const BACKUP_FORMAT = 'author-site-backup';
export const BACKUP_VERSION = 1;
export const DATABASE_FILE = 'database.tar.gz';
export const UPLOADS_FOLDER = 'uploads';
export const MANIFEST_FILE = 'manifest.json';

const PARTIAL_PREFIX = '.partial-';
/** backup-20261122T050000Z: the UTC time in ISO 8601's basic form, sortable and valid on every file system. */
const BACKUP_NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: { file: string; bytes: number };
  uploads: { folder: string; files: number; bytes: number };
}

export interface BackupSource {
  /** The open database's files as a tarball (DatabaseHandle.dumpDataDir). */
  dumpDatabase: () => Promise<Blob>;
  uploadsDir: string;
}

export interface Backup {
  folder: string;
  createdAt: Date;
}

export function backupName(time: Date): string {
  return `backup-${time
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')}`;
}

function backupTime(name: string): Date | null {
  const parts = BACKUP_NAME.exec(name);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts;
  const time = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The complete backups in a folder, newest first (an unreadable or missing folder has none). */
export async function listBackups(backupDir: string): Promise<Backup[]> {
  const entries = await fs.readdir(backupDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ folder: path.join(backupDir, entry.name), createdAt: backupTime(entry.name) }))
    .filter((backup): backup is Backup => backup.createdAt !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Writes one backup and then keeps only the newest `keep`. Nothing is left behind on failure. */
export async function writeBackup(source: BackupSource, backupDir: string, keep: number, now = new Date()): Promise<Backup> {
  // Private: a backup holds the whole database, including the password hashes.
  await fs.mkdir(backupDir, { recursive: true, mode: 0o700 });
  await removePartials(backupDir);
  const name = backupName(now);
  const partial = path.join(backupDir, `${PARTIAL_PREFIX}${name}`);
  const folder = path.join(backupDir, name);
  try {
    const previous = (await listBackups(backupDir))[0];
    await fs.mkdir(partial, { mode: 0o700 });
    // Streamed to the file: a copy of the whole dump in memory would double what a backup holds.
    const database = await source.dumpDatabase();
    await pipeline(
      Readable.fromWeb(database.stream() as ReadableStream<Uint8Array>),
      createWriteStream(path.join(partial, DATABASE_FILE), { mode: 0o600 }),
    );
    const uploads = await copyTree(
      source.uploadsDir,
      path.join(partial, UPLOADS_FOLDER),
      previous && path.join(previous.folder, UPLOADS_FOLDER),
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: now.toISOString(),
      database: { file: DATABASE_FILE, bytes: database.size },
      uploads: { folder: UPLOADS_FOLDER, ...uploads },
    };
    await fs.writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(partial, folder);
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
  for (const old of (await listBackups(backupDir)).slice(keep)) await fs.rm(old.folder, { recursive: true, force: true });
  return { folder, createdAt: now };
}

/** Leftovers of a backup that was cut off (the process was killed while writing). */
async function removePartials(backupDir: string): Promise<void> {
  for (const entry of await fs.readdir(backupDir)) {
    if (entry.startsWith(PARTIAL_PREFIX)) await fs.rm(path.join(backupDir, entry), { recursive: true, force: true });
  }
}

/**
 * Copies a folder tree (files and folders only: uploads hold nothing else, and a link is never
 * followed out of the folder). A file that `previous` holds with the same size and time is
 * hard-linked from there instead; copies keep their source's time so the next backup can tell.
 */
export async function copyTree(source: string, target: string, previous?: string): Promise<{ files: number; bytes: number }> {
  await fs.mkdir(target, { recursive: true });
  const totals = { files: 0, bytes: 0 };
  const entries = await fs.readdir(source, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []; // no upload yet
    throw error;
  });
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    const before = previous && path.join(previous, entry.name);
    if (entry.isDirectory()) {
      const inner = await copyTree(from, to, before);
      totals.files += inner.files;
      totals.bytes += inner.bytes;
    } else if (entry.isFile()) {
      const stat = await fs.stat(from);
      if (!(before && (await linkUnchanged(before, to, stat)))) {
        await fs.copyFile(from, to);
        await fs.utimes(to, stat.atime, stat.mtime);
      }
      totals.files += 1;
      totals.bytes += stat.size;
    }
  }
  return totals;
}

async function linkUnchanged(before: string, to: string, stat: { size: number; mtimeMs: number }): Promise<boolean> {
  const old = await fs.stat(before).catch(() => null);
  // Within a millisecond: utimes takes the time as float seconds, and the copy's nanoseconds can
  // land a hair below the source's (999.999999 ms for 1000), so exact or truncated compares flake.
  if (!old?.isFile() || old.size !== stat.size || Math.abs(old.mtimeMs - stat.mtimeMs) >= 1) return false;
  // Another file system (or one without links) gets a plain copy instead.
  return fs.link(before, to).then(
    () => true,
    () => false,
  );
}
