// The upload files a site owns, and writing an archive's files so that a failed import can put
// every file back as it was.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Storage } from '../core/storage.ts';
import { deleteStoredFiles } from '../images/upload.ts';
import { IMAGE_FORMATS, sniffImageFormat } from '../uploads/image-bytes.ts';
import { MANAGED_FOLDERS } from '../../src/lib/upload-kinds.ts';

/**
 * Every upload the site owns: the Upload Manager's folders (covers, page breaks, general) and the
 * files of each gallery image (galleries/<id>/…, named in its storage_keys). The storage cannot
 * list nested folders, so a file nothing names there is not the site's (an abandoned write).
 */
export async function siteUploadKeys(db: Kysely<Database>, storage: Storage): Promise<string[]> {
  const listed = await Promise.all(MANAGED_FOLDERS.map((folder) => storage.list(folder)));
  const { rows } = await sql<{ key: string }>`select distinct unnest(storage_keys) as key from gallery_images`.execute(db);
  return [...new Set([...listed.flat().map((file) => file.key), ...rows.map((row) => row.key)])].sort();
}

function contentTypeOf(body: Uint8Array): string {
  const format = sniffImageFormat(body);
  return format ? IMAGE_FORMATS[format].mime : 'application/octet-stream';
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);

/** Writes files one by one, remembering what each key held before, so `undo` can restore it. */
export class UndoableUploads {
  private readonly before = new Map<string, Uint8Array | null>();
  private readonly storage: Storage;
  constructor(storage: Storage) {
    this.storage = storage;
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const existing = (await this.storage.get(key))?.body ?? null;
    if (existing && sameBytes(existing, body)) return; // re-importing a site's own archive rewrites nothing
    this.before.set(key, existing);
    await this.storage.put(key, body, contentTypeOf(body));
  }

  /** Puts back what was overwritten and deletes what was new; logs (not throws) what fails. */
  async undo(): Promise<void> {
    for (const [key, body] of this.before) {
      try {
        if (body) await this.storage.put(key, body, contentTypeOf(body));
        else await this.storage.delete(key);
      } catch (error) {
        console.error(`[import] could not restore the upload ${key}:`, error);
      }
    }
    this.before.clear();
  }
}

/** After the import committed: the old site's files the archive did not bring are deleted. */
export async function deleteReplacedUploads(storage: Storage, oldKeys: readonly string[], newKeys: ReadonlySet<string>): Promise<void> {
  await deleteStoredFiles(
    storage,
    oldKeys.filter((key) => !newKeys.has(key)),
  );
}
