// Backups and restores on a real embedded database, following README "Backups" to the letter:
// the restore command is taken from the README and run as a person would run it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/connect.ts';
import { acquireDatabaseLock } from '#db/lock.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { writeBackup } from './server/backup.ts';
import { openDatabase } from './server/open-database.ts';
import { restoreBackup } from './server/restore-backup.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_EXAMPLE = 'data/backups/backup-20261122T050000Z';

/** The restore command exactly as README "Backups" writes it. */
function readmeRestoreCommand(): string {
  const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Backups\n'), readme.indexOf('\n## ', readme.indexOf('\n## Backups\n') + 1));
  const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n').map((line) => line.trim()));
  const restore = commands.filter((line) => line.startsWith('npm run restore'));
  expect(restore).toEqual([`npm run restore -- ${README_EXAMPLE}`]);
  return restore[0]!;
}

/** Runs a README command in the project folder, as the person would, with their DATA_DIR. */
async function runAsReadmeSays(command: string, dataDir: string, backupFolder: string) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' };
  try {
    const { stdout, stderr } = await promisify(execFile)('bash', ['-c', command.replace(README_EXAMPLE, backupFolder)], {
      cwd: projectRoot,
      env,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

let root: string;
let config: ServerConfig;
let uploads: string;
let backupFolder: string;

async function withDatabase<T>(task: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase(config);
  try {
    return await task(database);
  } finally {
    await database.close();
  }
}
const storyTitles = () =>
  withDatabase(async ({ db }) => (await db.selectFrom('stories').select('title').orderBy('id').execute()).map((row) => row.title));
const listUploads = (dir = uploads) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-test-'));
  config = readConfig({ DATA_DIR: path.join(root, 'data') });
  uploads = path.join(config.dataDir, 'uploads');
  // A site with content: a story and an upload, then backed up.
  await withDatabase(async (database) => {
    await database.db
      .insertInto('stories')
      .values({ slug: 'before', title: "Before the storm's end", status: 'published', cover_image: null, break_image: null })
      .execute();
    fs.mkdirSync(path.join(uploads, 'covers'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'covers', 'before.webp'), 'the first cover');
    backupFolder = (await writeBackup({ dumpDatabase: database.dumpDataDir!, uploadsDir: uploads }, config.backups.dir, 7)).folder;
  });
}, 60_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('restoring a backup as README "Backups" says', () => {
  it('refuses while the server holds the database, and changes nothing', async () => {
    const serverLock = await acquireDatabaseLock(config.dataDir); // this process stands in for the running server
    try {
      const before = listUploads();
      const result = await runAsReadmeSays(readmeRestoreCommand(), config.dataDir, backupFolder);
      expect(result.code).toBe(1);
      expect(result.output).toContain(`is in use by process ${process.pid}`);
      expect(listUploads()).toEqual(before);
      expect(fs.readdirSync(config.dataDir).filter((name) => name.startsWith('before-restore-'))).toEqual([]);
    } finally {
      serverLock.release();
    }
  }, 60_000);

  it('brings back the content and uploads of the backup, moving what was there aside', async () => {
    // The content changes after the backup: a title edited, a story added, the cover replaced.
    await withDatabase(async ({ db }) => {
      await db.updateTable('stories').set({ title: 'After the storm' }).where('slug', '=', 'before').execute();
      await db
        .insertInto('stories')
        .values({ slug: 'later', title: 'Written later', status: 'draft', cover_image: null, break_image: null })
        .execute();
    });
    fs.rmSync(path.join(uploads, 'covers', 'before.webp'));
    fs.writeFileSync(path.join(uploads, 'covers', 'after.webp'), 'the new cover');
    expect(await storyTitles()).toEqual(['After the storm', 'Written later']);

    const result = await runAsReadmeSays(readmeRestoreCommand(), config.dataDir, backupFolder);
    expect(result.output).toContain('Start the server again with: npm start');
    expect(result.output).toContain('Every session is signed out'); // restore-sessions.test.ts checks that it is so
    expect(result.code).toBe(0);

    expect(await storyTitles()).toEqual(["Before the storm's end"]);
    expect(listUploads()).toEqual(['covers', path.join('covers', 'before.webp')]);
    expect(fs.readFileSync(path.join(uploads, 'covers', 'before.webp'), 'utf8')).toBe('the first cover');
    // Restored uploads are copies: the server's later changes never reach into the backup.
    expect(fs.statSync(path.join(uploads, 'covers', 'before.webp')).ino).not.toBe(
      fs.statSync(path.join(backupFolder, 'uploads', 'covers', 'before.webp')).ino,
    );

    const [aside] = fs.readdirSync(config.dataDir).filter((name) => name.startsWith('before-restore-'));
    expect(listUploads(path.join(config.dataDir, aside!, 'uploads'))).toEqual(['covers', path.join('covers', 'after.webp')]);
    expect(fs.existsSync(path.join(config.dataDir, aside!, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(config.dataDir, 'db.lock'))).toBe(false);
  }, 60_000);
});

describe('restoreBackup refuses what is not a whole backup of ours, before touching anything', () => {
  const fakeBackup = (manifest: unknown, files: Record<string, string> = {}) => {
    const folder = fs.mkdtempSync(path.join(root, 'fake-'));
    fs.writeFileSync(path.join(folder, 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
    return folder;
  };
  const manifest = (extra: object = {}) => ({
    format: 'author-site-backup',
    version: 1,
    created_at: '2026-11-22T05:00:00.000Z',
    database: { file: 'database.tar.gz', bytes: 4 },
    uploads: { folder: 'uploads', files: 0, bytes: 0 },
    ...extra,
  });

  it.each([
    ['a folder without a manifest', () => fs.mkdtempSync(path.join(root, 'empty-')), /is not a backup: it has no manifest.json/],
    ['a manifest that is not JSON', () => fakeBackup('{"format": '), /its manifest.json is not JSON/],
    ["another program's backup", () => fakeBackup({ format: 'pg_dump' }), /is not a backup of this site/],
    ['a newer format', () => fakeBackup(manifest({ version: 2 })), /format version 2; this version of the site reads version 1/],
    [
      'a database file outside the folder',
      () => fakeBackup(manifest({ database: { file: '../../data/pgdata/PG_VERSION', bytes: 3 } })),
      /bad file name/,
    ],
    [
      'an absolute uploads folder',
      () => fakeBackup(manifest({ uploads: { folder: '/etc' } }), { 'database.tar.gz': 'abcd' }),
      /bad file name/,
    ],
    ['a name with a NUL byte', () => fakeBackup(manifest({ database: { file: 'db\u0000.tar.gz', bytes: 4 } })), /bad file name/],
    ['a missing database file', () => fakeBackup(manifest()), /is incomplete: database.tar.gz is missing/],
    ['a truncated database file', () => fakeBackup(manifest(), { 'database.tar.gz': 'ab' }), /database.tar.gz has the wrong size/],
  ])('refuses %s', async (_name, make, message) => {
    const before = fs.readdirSync(config.dataDir).sort();
    await expect(restoreBackup(make(), config.dataDir)).rejects.toThrow(message);
    expect(fs.readdirSync(config.dataDir).sort()).toEqual(before);
  });

  it('puts everything back when the database in the backup cannot be loaded', async () => {
    const titles = await storyTitles();
    const broken = fakeBackup(manifest(), { 'database.tar.gz': 'junk' });
    fs.mkdirSync(path.join(broken, 'uploads'));
    const before = fs.readdirSync(config.dataDir).sort();
    await expect(restoreBackup(broken, config.dataDir)).rejects.toThrow();
    expect(fs.readdirSync(config.dataDir).sort()).toEqual(before);
    expect(await storyTitles()).toEqual(titles);
  }, 60_000);
});
