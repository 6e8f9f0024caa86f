import type { Storage } from '#core/storage.ts';

/**
 * A storage that counts the bytes it hands out, whole (`get`) or streamed (`read`, as they are
 * pulled): for the tests that show a download takes no more than its client has read.
 */
export class CountingStorage implements Storage {
  handedOut = 0;
  private readonly inner: Storage;
  constructor(inner: Storage) {
    this.inner = inner;
  }

  put(key: string, body: Uint8Array, contentType: string) {
    return this.inner.put(key, body, contentType);
  }
  async get(key: string) {
    const file = await this.inner.get(key);
    this.handedOut += file?.body.byteLength ?? 0;
    return file;
  }
  stat(key: string) {
    return this.inner.stat(key);
  }
  async read(key: string, start: number, end: number) {
    const count = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        this.handedOut += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return (await this.inner.read(key, start, end))?.pipeThrough(count) ?? null;
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
  list(folder: string) {
    return this.inner.list(folder);
  }
}
