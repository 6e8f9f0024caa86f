import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupName, listBackups, writeBackup } from './backup.ts';

let root: string;
let uploadsDir: string;
let backupDir: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  uploadsDir = path.join(root, 'data', 'uploads');
  backupDir = path.join(root, 'backups');
  fs.mkdirSync(path.join(uploadsDir, 'covers'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'covers', 'a.webp'), 'cover A');
  fs.writeFileSync(path.join(uploadsDir, 'b.png'), 'image B');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const dump =
  (text = 'tarball') =>
  async () =>
    new Blob([text]);
const source = (dumpDatabase = dump()) => ({ dumpDatabase, uploadsDir });
const at = (iso: string) => new Date(iso);
const entries = () => fs.readdirSync(backupDir).sort();

describe('writeBackup', () => {
  it('writes the database dump, a copy of the uploads and a manifest into backup-<UTC time>', async () => {
    const backup = await writeBackup(source(dump('PGDATA')), backupDir, 7, at('2026-11-22T05:00:00.123Z'));
    expect(backup.folder).toBe(path.join(backupDir, 'backup-20261122T050000Z'));
    expect(entries()).toEqual(['backup-20261122T050000Z']);
    expect(fs.readFileSync(path.join(backup.folder, 'database.tar.gz'), 'utf8')).toBe('PGDATA');
    expect(fs.readFileSync(path.join(backup.folder, 'uploads', 'covers', 'a.webp'), 'utf8')).toBe('cover A');
    expect(fs.readFileSync(path.join(backup.folder, 'uploads', 'b.png'), 'utf8')).toBe('image B');
    expect(JSON.parse(fs.readFileSync(path.join(backup.folder, 'manifest.json'), 'utf8'))).toEqual({
      format: 'author-site-backup',
      version: 1,
      created_at: '2026-11-22T05:00:00.123Z',
      database: { file: 'database.tar.gz', bytes: 6 },
      uploads: { folder: 'uploads', files: 2, bytes: 14 },
    });
  });

  it('keeps the backups private: folders 0700, the database dump 0600', async () => {
    const backup = await writeBackup(source(), backupDir, 7, at('2026-11-22T05:00:00Z'));
    const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
    expect([mode(backupDir), mode(backup.folder), mode(path.join(backup.folder, 'database.tar.gz'))]).toEqual(['700', '700', '600']);
  });

  it('works before anything was uploaded', async () => {
    fs.rmSync(uploadsDir, { recursive: true });
    const backup = await writeBackup(source(), backupDir, 7, at('2026-11-22T05:00:00Z'));
    expect(fs.readdirSync(path.join(backup.folder, 'uploads'))).toEqual([]);
  });

  it('leaves no partial folder when the dump fails, and deletes no older backup', async () => {
    for (const day of ['20', '21']) await writeBackup(source(), backupDir, 2, at(`2026-11-${day}T05:00:00Z`));
    const failing = async (): Promise<Blob> => {
      throw new Error('disk full');
    };
    await expect(writeBackup(source(failing), backupDir, 2, at('2026-11-22T05:00:00Z'))).rejects.toThrow('disk full');
    expect(entries()).toEqual(['backup-20261120T050000Z', 'backup-20261121T050000Z']);
  });

  it('leaves no partial folder when copying the uploads fails after the dump was written', async () => {
    // An uploads path that is a file: reading it fails whoever runs the test (root reads anything).
    const broken = { dumpDatabase: dump(), uploadsDir: path.join(uploadsDir, 'b.png') };
    await expect(writeBackup(broken, backupDir, 7, at('2026-11-22T05:00:00Z'))).rejects.toThrow(/ENOTDIR/);
    expect(entries()).toEqual([]);
  });

  it('removes what a backup cut off by a crash left, and never touches other folders', async () => {
    fs.mkdirSync(path.join(backupDir, '.partial-backup-20261121T050000Z', 'uploads'), { recursive: true });
    fs.mkdirSync(path.join(backupDir, 'my-notes'));
    await writeBackup(source(), backupDir, 7, at('2026-11-22T05:00:00Z'));
    expect(entries()).toEqual(['backup-20261122T050000Z', 'my-notes']);
  });

  it('keeps only the newest N, deleting the oldest after a new one succeeded', async () => {
    for (const day of ['18', '19', '20', '21', '22']) await writeBackup(source(), backupDir, 3, at(`2026-11-${day}T05:00:00Z`));
    expect(entries()).toEqual(['backup-20261120T050000Z', 'backup-20261121T050000Z', 'backup-20261122T050000Z']);
    await writeBackup(source(), backupDir, 1, at('2026-11-23T05:00:00Z'));
    expect(entries()).toEqual(['backup-20261123T050000Z']);
  });

  it('hard-links uploads the previous backup already holds, and copies new or changed ones', async () => {
    const first = await writeBackup(source(), backupDir, 7, at('2026-11-21T05:00:00Z'));
    fs.writeFileSync(path.join(uploadsDir, 'c.jpg'), 'new C');
    fs.writeFileSync(path.join(uploadsDir, 'b.png'), 'image B, edited');
    const second = await writeBackup(source(), backupDir, 7, at('2026-11-22T05:00:00Z'));
    const inode = (folder: string, file: string) => fs.statSync(path.join(folder, 'uploads', file)).ino;
    expect(inode(second.folder, 'covers/a.webp')).toBe(inode(first.folder, 'covers/a.webp'));
    expect(inode(second.folder, 'b.png')).not.toBe(inode(first.folder, 'b.png'));
    expect(fs.readFileSync(path.join(second.folder, 'uploads', 'b.png'), 'utf8')).toBe('image B, edited');
    expect(fs.readFileSync(path.join(first.folder, 'uploads', 'b.png'), 'utf8')).toBe('image B');
    expect(fs.readFileSync(path.join(second.folder, 'uploads', 'c.jpg'), 'utf8')).toBe('new C');
    // Deleting the older backup leaves the newer one whole.
    fs.rmSync(first.folder, { recursive: true });
    expect(fs.readFileSync(path.join(second.folder, 'uploads', 'covers', 'a.webp'), 'utf8')).toBe('cover A');
  });

  it('never follows a link out of the uploads folder', async () => {
    fs.writeFileSync(path.join(root, 'outside.txt'), 'not an upload');
    fs.symlinkSync(path.join(root, 'outside.txt'), path.join(uploadsDir, 'link.png'));
    fs.symlinkSync(root, path.join(uploadsDir, 'escape'));
    const backup = await writeBackup(source(), backupDir, 7, at('2026-11-22T05:00:00Z'));
    expect(fs.readdirSync(path.join(backup.folder, 'uploads')).sort()).toEqual(['b.png', 'covers']);
  });
});

describe('listBackups', () => {
  it('lists complete backups newest first, by the time in their names', async () => {
    for (const name of [
      'backup-20261121T050000Z',
      'backup-20261122T050000Z',
      'backup-20261120T230000Z',
      'backup-2026',
      'backup-20261399T000000Z',
    ]) {
      fs.mkdirSync(path.join(backupDir, name), { recursive: true });
    }
    fs.mkdirSync(path.join(backupDir, '.partial-backup-20261123T050000Z'));
    fs.writeFileSync(path.join(backupDir, 'backup-20261124T050000Z'), 'a file, not a backup');
    expect((await listBackups(backupDir)).map((backup) => path.basename(backup.folder))).toEqual([
      'backup-20261122T050000Z',
      'backup-20261121T050000Z',
      'backup-20261120T230000Z',
    ]);
    expect((await listBackups(backupDir))[0]!.createdAt.toISOString()).toBe('2026-11-22T05:00:00.000Z');
  });

  it('finds none in a missing folder', async () => {
    expect(await listBackups(path.join(root, 'nowhere'))).toEqual([]);
  });

  it('names a backup by its UTC time in a form every file system accepts', () => {
    expect(backupName(at('2026-01-02T03:04:05.999Z'))).toBe('backup-20260102T030405Z');
  });
});
