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
  it('stores, reads, lists and deletes a file under its key', async () => {
    await storage.put('covers/a1.webp', bytes('cover'), 'image/webp');
    expect(fs.readFileSync(path.join(root, 'covers/a1.webp'), 'utf8')).toBe('cover');
    const file = await storage.get('covers/a1.webp');
    expect(new TextDecoder().decode(file!.body)).toBe('cover');
    expect(file!.contentType).toBe('image/webp');
    const [listed] = await storage.list('covers');
    expect(listed).toMatchObject({ key: 'covers/a1.webp', size: 5 });
    expect(listed!.modified).toBeGreaterThan(1_700_000_000);
    expect(await storage.delete('covers/a1.webp')).toBe(true);
    expect(await storage.get('covers/a1.webp')).toBeNull();
    expect(await storage.delete('covers/a1.webp')).toBe(false);
  });

  it('lists an empty or missing folder as empty and hides half-written files', async () => {
    expect(await storage.list('general')).toEqual([]);
    fs.mkdirSync(path.join(root, 'general'));
    fs.writeFileSync(path.join(root, 'general/x.png.123.partial'), 'half');
    expect(await storage.list('general')).toEqual([]);
  });

  it.each(['../outside.png', 'covers/../../outside.png', '/etc/passwd', 'covers/.hidden'])('refuses the key %s', async (key) => {
    await expect(storage.put(key, bytes('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
    expect(fs.existsSync(path.join(root, '..', 'outside.png'))).toBe(false);
  });

  it.each(['..', '../x', 'covers/sub', ''])('refuses to list the prefix %j', async (prefix) => {
    await expect(storage.list(prefix)).rejects.toThrow(/Unsafe storage folder/);
  });
});
