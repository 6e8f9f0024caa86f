import { assertSafeFolder, assertSafeKey, type FileStat, type Storage, type StoredFile } from '#core/storage.ts';

/**
 * Storage kept in memory, for tests. Bodies are copied in and out, as a real store would
 * (`new Uint8Array`, not `slice()`: a Node Buffer's slice shares its memory).
 */
export class MemoryStorage implements Storage {
  private readonly files = new Map<string, { body: Uint8Array; contentType: string; modified: number; version: string }>();

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const file = { body: new Uint8Array(body), contentType, modified: Math.floor(Date.now() / 1000), version: crypto.randomUUID() };
    this.files.set(assertSafeKey(key), file);
  }
  async get(key: string) {
    const file = this.files.get(assertSafeKey(key));
    return file ? { body: new Uint8Array(file.body), contentType: file.contentType } : null;
  }
  async stat(key: string): Promise<FileStat | null> {
    const file = this.files.get(assertSafeKey(key));
    return file ? { size: file.body.byteLength, version: file.version } : null;
  }
  /** 64 KB a pull, as the folder storage reads. */
  async read(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null> {
    const file = this.files.get(assertSafeKey(key));
    if (!file) return null;
    let at = start;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = Math.min(at + 64 * 1024, end + 1);
        controller.enqueue(new Uint8Array(file.body.subarray(at, next)));
        at = next;
        if (at > end) controller.close();
      },
    });
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
