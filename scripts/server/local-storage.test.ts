// What only the folder backend does; the behaviour every storage shares is in storage-contract.test.ts.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '#core/storage.ts';
import { LocalFolderStorage } from './local-storage.ts';

const LOCAL_STORAGE_MODULE = new URL('./local-storage.ts', import.meta.url).pathname;

let root: string;
/** Used through the interface, as the app uses it. */
let storage: Storage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  storage = new LocalFolderStorage(root);
});

/** Every file below the root, by relative path. */
const filesBelow = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()).sort();

/** The id of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** A tmpfs of 1 MB needs root and a mount namespace of our own (unshare): containers without them skip. */
const canMountTmpfs = process.getuid?.() === 0 && spawnSync('unshare', ['--mount', 'true']).status === 0;

const bytes = (text: string) => new TextEncoder().encode(text);

describe('LocalFolderStorage', () => {
  it('writes a file at its key below the root', async () => {
    await storage.put('covers/a1.webp', bytes('cover'), 'image/webp');
    expect(fs.readFileSync(path.join(root, 'covers/a1.webp'), 'utf8')).toBe('cover');
  });

  it('hides half-written files from the list', async () => {
    fs.mkdirSync(path.join(root, 'general'));
    fs.writeFileSync(path.join(root, 'general/x.png.123.partial'), 'half');
    expect(await storage.list('general')).toEqual([]);
  });

  it('leaves no partial file when a write fails (the rename onto a folder)', async () => {
    fs.mkdirSync(path.join(root, 'covers/a.png'), { recursive: true });
    await expect(storage.put('covers/a.png', bytes('x'), 'image/png')).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, 'covers'))).toEqual(['a.png']);
  });

  it.skipIf(!canMountTmpfs)('leaves no partial file when the disk fills up halfway through a write', () => {
    // In a child with its own mount namespace: the 1 MB tmpfs is gone with it.
    const script = `
      import fs from 'node:fs';
      import { LocalFolderStorage } from ${JSON.stringify(LOCAL_STORAGE_MODULE)};
      const storage = new LocalFolderStorage(process.argv[1]);
      await storage.put('general/small.png', new Uint8Array(1000), 'image/png');
      const error = await storage.put('general/big.png', new Uint8Array(2 * 1024 * 1024), 'image/png').catch((e) => e);
      console.log(JSON.stringify({ code: error?.code, files: fs.readdirSync(process.argv[1] + '/general') }));
    `;
    const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'full-disk-'));
    const command = 'mount -t tmpfs -o size=1m tmpfs "$1" && exec "$2" --input-type=module -e "$3" "$1"';
    const output = execFileSync('unshare', ['--mount', 'sh', '-c', command, 'sh', mountPoint, process.execPath, script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ code: 'ENOSPC', files: ['small.png'] });
  });

  it('removes the partial files of writes that a killed process left, and nothing else', async () => {
    const dead = deadPid();
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    const running = sleeper.pid!;
    try {
      const files = {
        'covers/a.png': 'kept',
        [`covers/b.png.${dead}.partial`]: 'half (the naming of earlier versions)',
        [`galleries/7/c.webp.${dead}-3.partial`]: 'half',
        [`general/d.png.${process.pid}-1.partial`]: 'half, of an earlier process with our id',
        [`general/e.png.${running}-1.partial`]: 'being written by another process',
        'general/notes.partial': 'no process id: not ours',
      };
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        fs.writeFileSync(path.join(root, name), text);
      }
      const removed = await new LocalFolderStorage(root).removeAbandonedWrites();
      expect(removed).toEqual([
        `covers/b.png.${dead}.partial`,
        `galleries/7/c.webp.${dead}-3.partial`,
        `general/d.png.${process.pid}-1.partial`,
      ]);
      expect(filesBelow(root)).toEqual(['covers/a.png', `general/e.png.${running}-1.partial`, 'general/notes.partial']);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('removes nothing from a folder that does not exist yet', async () => {
    expect(await new LocalFolderStorage(path.join(root, 'none')).removeAbandonedWrites()).toEqual([]);
  });

  it('gives a file copied in by hand (an upload of an earlier version, a restore) a version, and a new one when it is replaced', async () => {
    fs.mkdirSync(path.join(root, 'covers'));
    fs.writeFileSync(path.join(root, 'covers/old.png'), 'old');
    const before = await storage.stat('covers/old.png');
    expect(before?.size).toBe(3);
    fs.writeFileSync(path.join(root, 'covers/new.png'), 'new');
    fs.renameSync(path.join(root, 'covers/new.png'), path.join(root, 'covers/old.png'));
    expect((await storage.stat('covers/old.png'))?.version).not.toBe(before?.version);
  });

  it('writes nothing outside the root for an unsafe key', async () => {
    await expect(storage.put('../outside.png', bytes('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
    expect(fs.existsSync(path.join(root, '..', 'outside.png'))).toBe(false);
  });
});
