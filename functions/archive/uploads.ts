// The upload files a site owns, and where an import puts an archive's files: never over a file
// that exists (decision 22). A key that is free is written as it is; a key that holds the same
// bytes is left alone; a key that holds other bytes gets a new name in its folder, and the rows'
// references to it are renamed with it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import type { Storage } from '#core/storage.ts';
import { IMAGE_FORMATS, sniffImageFormat } from '#functions/uploads/image-bytes.ts';
import { MANAGED_FOLDERS } from '#lib/upload-kinds.ts';
import { UPLOADS_URL_PREFIX } from '#lib/upload-paths.ts';
import { sha256Hex } from './manifest.ts';
import type { ArchiveUpload } from './read-archive.ts';

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

export function contentTypeOf(body: Uint8Array): string {
  const format = sniffImageFormat(body);
  return format ? IMAGE_FORMATS[format].mime : 'application/octet-stream';
}

export interface UploadPlacement {
  /** Files to write: each target holds nothing yet. */
  writes: { upload: ArchiveUpload; target: string }[];
  /** Archive key → the new key it is written under, because the archive's key holds other bytes. */
  renames: Map<string, string>;
  /** The keys the site's uploads have once the import is done. */
  keys: Set<string>;
}

/** A new name beside `key`, with its extension (the local storage serves the type by it). */
function freshKeyBeside(key: string): string {
  const slash = key.lastIndexOf('/');
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(key.slice(slash + 1))?.[0] ?? '';
  return `${key.slice(0, slash + 1)}${crypto.randomUUID()}${extension}`;
}

export async function placeUploads(storage: Storage, uploads: readonly ArchiveUpload[]): Promise<UploadPlacement> {
  const placement: UploadPlacement = { writes: [], renames: new Map(), keys: new Set() };
  for (const upload of uploads) {
    const existing = await storage.get(upload.key);
    let target = upload.key;
    if (existing && (await sha256Hex(existing.body)) === upload.file.sha256) {
      placement.keys.add(target); // re-importing a site's own archive rewrites nothing
      continue;
    }
    if (existing) {
      target = freshKeyBeside(upload.key);
      placement.renames.set(upload.key, target);
    }
    placement.writes.push({ upload, target });
    placement.keys.add(target);
  }
  return placement;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rows' text with each renamed key replaced where it stands as an upload address
 * ("/api/uploads/<key>") or a whole JSON string (a gallery image's storage_keys).
 */
export function renameUploadKeys(text: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0) return text;
  const keys = [...renames.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<=${escapeRegExp(UPLOADS_URL_PREFIX)}|")(?:${keys.join('|')})(?![A-Za-z0-9._/-])`, 'g');
  return text.replace(pattern, (key) => renames.get(key)!);
}
