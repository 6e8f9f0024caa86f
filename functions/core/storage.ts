// One interface for uploaded files: a local folder by default, S3 when configured. Keys are
// server-generated relative paths such as "covers/3f2a….webp"; never a client's file name.

export interface StoredFile {
  key: string;
  size: number;
  /** Last modification, Unix seconds. */
  modified: number;
}

/** What serving a file needs to know before reading any of it. */
export interface FileStat {
  size: number;
  /**
   * Changes whenever the bytes do, and is known without reading them: the file system's or the
   * bucket's own record of the write (decision 20). The source of the file's ETag.
   */
  version: string;
}

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The whole file in memory: for the archive and the books, never for serving a download. */
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  stat(key: string): Promise<FileStat | null>;
  /**
   * Bytes `start` to `end` (inclusive, `start <= end < size`) as a stream that reads no faster than
   * it is consumed, so a download holds a chunk in memory, not the file. Null when the file is gone.
   * A caller that stops early cancels the stream, which releases the file or the connection.
   */
  read(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
  /** True when the key existed and is gone now, false when there was no such file. */
  delete(key: string): Promise<boolean>;
  /** The files directly inside `folder` (one segment such as "covers"), sorted by key. */
  list(folder: string): Promise<StoredFile[]>;
}

/** Deletes files, logging (not throwing) failures: the caller's outcome is already decided. */
export async function deleteStoredFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') console.error(`[storage] could not delete ${keys[i]}:`, result.reason);
  });
}

const SAFE_KEY = /^(?:[a-z0-9_-]+\/)*[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

const SAFE_FOLDER = /^[a-z0-9_-]+$/;

/** Refuses folder names other than one plain segment ("covers", "general"). */
export function assertSafeFolder(folder: string): string {
  if (!SAFE_FOLDER.test(folder)) throw new Error(`Unsafe storage folder: ${JSON.stringify(folder)}`);
  return folder;
}

/** Refuses keys that could leave the storage root ("../", absolute paths, odd characters). */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
  return key;
}
