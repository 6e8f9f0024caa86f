// Uploads in a local folder (the default; S3 replaces it in the cloud).
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { otherProcessRunning } from '#db/lock.ts';
import { assertSafeFolder, assertSafeKey, type FileStat, type Storage, type StoredFile } from '#core/storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** What a download holds in memory at a time, whatever the size of the file. */
const CHUNK_BYTES = 64 * 1024;

/** A file being written: `<key>.<pid>-<n>.partial` (earlier `<key>.<pid>.partial`) until it is renamed into place. */
const PARTIAL = /\.(\d+)(?:-\d+)?\.partial$/;
let writes = 0;

/** "No such file" in its forms: gone, or a path through something that is no folder. */
function missingAsNull(error: unknown): null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return null;
  throw error;
}

/** Reads `start`..`end` of an open file a chunk per pull, and closes it at the end, on error or on cancel. */
function fileRangeStream(handle: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  let position = start;
  const close = () => handle.close().catch(() => {});
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const wanted = Math.min(CHUNK_BYTES, end + 1 - position);
        const { bytesRead, buffer } = await handle.read(new Uint8Array(wanted), 0, wanted, position);
        // Shorter than its size said: the answer's Content-Length cannot be kept, so it fails.
        if (bytesRead === 0) throw new Error('The file ended early (changed while it was read).');
        position += bytesRead;
        controller.enqueue(buffer.subarray(0, bytesRead));
        if (position > end) {
          await close();
          controller.close();
        }
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}

export class LocalFolderStorage implements Storage {
  private readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, assertSafeKey(key));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return full;
  }

  /** The content type is not stored: the server-generated key's extension carries it. */
  async put(key: string, body: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const partial = `${file}.${process.pid}-${++writes}.partial`;
    try {
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
    } catch (error) {
      // Most often a full disk: the half-written file would only take more of it (decision 20).
      await fs.rm(partial, { force: true }).catch(() => {});
      throw error;
    }
  }

  /**
   * Removes the partial files of writes that never finished (a killed process), keeping those of
   * a process still running. Called once at start, before this process writes anything.
   */
  async removeAbandonedWrites(): Promise<string[]> {
    const names = await fs.readdir(this.root, { recursive: true }).catch(missingAsNull);
    const abandoned = (names ?? []).filter((name) => {
      const pid = PARTIAL.exec(name)?.[1];
      return pid !== undefined && !otherProcessRunning(Number(pid));
    });
    await Promise.all(abandoned.map((name) => fs.rm(path.join(this.root, name), { force: true })));
    return abandoned.sort();
  }

  async get(key: string) {
    try {
      const body = await fs.readFile(this.pathOf(key));
      return { body: new Uint8Array(body), contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * The version is the file system's record of the write (inode, size, modification and change
   * times in nanoseconds): no sidecar file to keep in step, and a file replaced by hand or by a
   * restore gets a new one (decision 20).
   */
  async stat(key: string): Promise<FileStat | null> {
    const stats = await fs.stat(this.pathOf(key), { bigint: true }).catch(missingAsNull);
    if (!stats?.isFile()) return null;
    return { size: Number(stats.size), version: `${stats.ino}-${stats.size}-${stats.mtimeNs}-${stats.ctimeNs}` };
  }

  async read(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null> {
    const handle = await fs.open(this.pathOf(key), 'r').catch(missingAsNull);
    if (!handle) return null;
    let isFile = false; // a folder opens too
    try {
      isFile = (await handle.stat()).isFile();
    } finally {
      if (!isFile) await handle.close();
    }
    return isFile ? fileRangeStream(handle, start, end) : null;
  }

  async delete(key: string): Promise<boolean> {
    try {
      await fs.unlink(this.pathOf(key));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async list(folder: string): Promise<StoredFile[]> {
    const prefix = assertSafeFolder(folder);
    const dir = path.join(this.root, prefix);
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
        .map(async (entry) => {
          const stat = await fs.stat(path.join(dir, entry.name));
          return { key: path.posix.join(prefix, entry.name), size: stat.size, modified: Math.floor(stat.mtimeMs / 1000) };
        }),
    );
    return files.sort((a, b) => a.key.localeCompare(b.key));
  }
}
