// Uploads are files, not rows: the storage (local folder or S3) is the only record of them.
import { uploadKeyOf, uploadUrl } from '#lib/upload-paths.ts';
import { assertSafeKey, type Storage, type StoredFile } from '#core/storage.ts';
import type { CheckedImage } from './image-bytes.ts';
import { MANAGED_FOLDERS, type UploadFile, type UploadFolder, type UploadListing } from '#lib/upload-kinds.ts';

/** A storage key that cannot leave the storage root, or null. */
export function safeKeyOrNull(key: string): string | null {
  try {
    return assertSafeKey(key);
  } catch {
    return null;
  }
}

/**
 * The key of a file the Upload Manager may touch: a storage key or upload address (any of its
 * historic spellings) naming a file directly inside covers/, pagebreaks/ or general/. Null for
 * anything else: other sites' URLs, site paths, traversal, NUL bytes, other folders.
 */
export function managedKeyOf(path: string): string | null {
  const key = uploadKeyOf(path);
  if (!key || !safeKeyOrNull(key)) return null;
  const [folder, name, ...deeper] = key.split('/');
  return name && deeper.length === 0 && (MANAGED_FOLDERS as string[]).includes(folder!) ? key : null;
}

function toUploadFile(file: StoredFile): UploadFile {
  const filename = file.key.slice(file.key.lastIndexOf('/') + 1);
  return { filename, path: file.key, url: uploadUrl(file.key), size: file.size, modified: file.modified };
}

const newestFirst = (a: UploadFile, b: UploadFile) => b.modified - a.modified || a.filename.localeCompare(b.filename);

export const uploadStore = {
  /** Stores a checked image under a new random name; returns its key. */
  async save(storage: Storage, folder: UploadFolder, bytes: Uint8Array, image: CheckedImage): Promise<string> {
    const key = `${folder}/${crypto.randomUUID()}.${image.extension}`;
    await storage.put(key, bytes, image.mime);
    return key;
  },

  /** The files of one folder, newest first. */
  async list(storage: Storage, folder: UploadFolder): Promise<UploadFile[]> {
    return (await storage.list(folder)).map(toUploadFile).sort(newestFirst);
  },

  async listAll(storage: Storage): Promise<UploadListing> {
    const lists = await Promise.all(MANAGED_FOLDERS.map((folder) => uploadStore.list(storage, folder)));
    return Object.fromEntries(MANAGED_FOLDERS.map((folder, i) => [folder, lists[i]])) as UploadListing;
  },
};
