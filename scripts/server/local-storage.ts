// Uploads in a local folder (the default; S3 replaces it in the cloud).
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from '../../db/lock.ts';
import { assertSafeFolder, assertSafeKey, type Storage, type StoredFile } from '../../functions/core/storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

const PARTIAL = '.partial';

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
    const partial = `${file}.${process.pid}${PARTIAL}`;
    await fs.writeFile(partial, body);
    await fs.rename(partial, file);
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
        .filter((entry) => entry.isFile() && !entry.name.endsWith(PARTIAL))
        .map(async (entry) => {
          const stat = await fs.stat(path.join(dir, entry.name));
          return { key: path.posix.join(prefix, entry.name), size: stat.size, modified: Math.floor(stat.mtimeMs / 1000) };
        }),
    );
    return files.sort((a, b) => a.key.localeCompare(b.key));
  }

  /**
   * Deletes the half-written files of processes that were killed while writing ("<file>.<pid>.partial"
   * whose process is gone); returns how many.
   */
  async removeAbandonedPartials(): Promise<number> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    const abandoned = entries.filter((entry) => {
      const pid = entry.isFile() ? /\.(\d+)\.partial$/.exec(entry.name)?.[1] : undefined;
      return pid !== undefined && !isAlive(Number(pid));
    });
    await Promise.all(abandoned.map((entry) => fs.rm(path.join(entry.parentPath, entry.name), { force: true })));
    return abandoned.length;
  }
}
