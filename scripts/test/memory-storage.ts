import { assertSafeFolder, assertSafeKey, type Storage, type StoredFile } from '../../functions/core/storage.ts';

/**
 * Storage kept in memory, for tests. Bodies are copied in and out, as a real store would
 * (`new Uint8Array`, not `slice()`: a Node Buffer's slice shares its memory).
 */
export class MemoryStorage implements Storage {
  private readonly files = new Map<string, { body: Uint8Array; contentType: string; modified: number }>();

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    this.files.set(assertSafeKey(key), { body: new Uint8Array(body), contentType, modified: Math.floor(Date.now() / 1000) });
  }
  async get(key: string) {
    const file = this.files.get(assertSafeKey(key));
    return file ? { body: new Uint8Array(file.body), contentType: file.contentType } : null;
  }
  async delete(key: string): Promise<boolean> {
    return this.files.delete(assertSafeKey(key));
  }
  async list(folder: string): Promise<StoredFile[]> {
    const prefix = `${assertSafeFolder(folder)}/`;
    return [...this.files.entries()]
      .filter(([key]) => key.startsWith(prefix) && !key.slice(prefix.length).includes('/'))
      .map(([key, file]) => ({ key, size: file.body.byteLength, modified: file.modified }))
      .sort((a, b) => a.key.localeCompare(b.key));
  }
}
