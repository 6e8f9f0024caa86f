// What only the folder backend does; the behaviour every storage shares is in storage-contract.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../../functions/core/storage.ts';
import { LocalFolderStorage } from './local-storage.ts';

let root: string;
/** Used through the interface, as the app uses it. */
let storage: Storage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  storage = new LocalFolderStorage(root);
});

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

  it('writes nothing outside the root for an unsafe key', async () => {
    await expect(storage.put('../outside.png', bytes('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
    expect(fs.existsSync(path.join(root, '..', 'outside.png'))).toBe(false);
  });
});
