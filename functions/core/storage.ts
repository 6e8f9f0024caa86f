// One interface for uploaded files: a local folder by default, S3 when configured. Keys are
// server-generated relative paths such as "covers/3f2a….webp"; never a client's file name.

export interface StoredFile {
  key: string;
  size: number;
  /** Last modification, Unix seconds. */
  modified: number;
}

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  /** True when the key existed and is gone now, false when there was no such file. */
  delete(key: string): Promise<boolean>;
  /** The files directly inside `folder` (one segment such as "covers"), sorted by key. */
  list(folder: string): Promise<StoredFile[]>;
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
