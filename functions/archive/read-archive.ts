// Reads and checks a whole archive before anything is written: that it is a zip of ours, of a
// format this version reads, whole (every file listed, with its size and SHA-256), with no path
// that could leave its folder and no links, and that its rows fit the site's tables.
import { unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../core/errors.ts';
import { assertSafeKey } from '../core/storage.ts';
import { sniffImageFormat } from '../uploads/image-bytes.ts';
import { chapterFromMarkdown } from './chapter-markdown.ts';
import { archivePaths, classifyPath } from './layout.ts';
import {
  ARCHIVE_FORMAT_VERSION,
  type Manifest,
  manifestHeadSchema,
  MANIFEST_PATH,
  manifestSchema,
  sha256Hex,
  unsafePathReason,
} from './manifest.ts';
import { writableColumns } from './rows.ts';
import { CHAPTERS_TABLE, tablesFor } from './tables.ts';
import { readZipDirectory, type ZipDirectoryEntry, ZipFormatError } from './zip-directory.ts';

/** What an archive may unpack to in all: a zip bomb is refused from its directory, before inflating. */
export const UNPACKED_MAX_BYTES = 2 * 1024 ** 3;
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;

export class ArchiveRefused extends AppError {
  constructor(reason: string) {
    super(400, `This archive cannot be imported: ${reason}`);
  }
}

export interface ArchiveContents {
  manifest: Manifest;
  /** Each archived table's rows as a JSON array text (chapters assembled from their Markdown files). */
  rows: Map<string, string>;
  counts: Map<string, number>;
  /** Storage key → bytes. */
  uploads: Map<string, Uint8Array>;
}

function zipDirectory(bytes: Uint8Array): ZipDirectoryEntry[] {
  let entries: ZipDirectoryEntry[];
  try {
    entries = readZipDirectory(bytes);
  } catch (error) {
    if (error instanceof ZipFormatError) throw new ArchiveRefused(`it is not a zip file, or it is cut short or damaged (${error.message}).`);
    throw error;
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    const shown = JSON.stringify(entry.name);
    if (entry.special) throw new ArchiveRefused(`${shown} is a link or another special file, not a plain file.`);
    const unsafe = unsafePathReason(entry.name);
    if (unsafe) throw new ArchiveRefused(`the path ${shown} ${unsafe}.`);
    if (seen.has(entry.name)) throw new ArchiveRefused(`${shown} is in it twice.`);
    seen.add(entry.name);
  }
  return entries;
}

function unpack(bytes: Uint8Array, wanted: ReadonlyMap<string, number>): Record<string, Uint8Array> {
  try {
    // The declared size is checked again here, the moment before inflating.
    return unzipSync(bytes, { filter: (file) => wanted.get(file.name) === file.originalSize });
  } catch {
    throw new ArchiveRefused('its contents are damaged and cannot be unpacked.');
  }
}

function readManifest(bytes: Uint8Array, entries: readonly ZipDirectoryEntry[]): Manifest {
  const entry = entries.find((e) => e.name === MANIFEST_PATH);
  if (!entry) throw new ArchiveRefused('it is not an archive of this site (it has no manifest.json).');
  if (entry.size > MANIFEST_MAX_BYTES) throw new ArchiveRefused('its manifest.json is too large.');
  const raw = unpack(bytes, new Map([[MANIFEST_PATH, entry.size]]))[MANIFEST_PATH];
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new ArchiveRefused('its manifest.json is not readable JSON.');
  }
  const head = manifestHeadSchema.safeParse(json);
  if (!head.success) throw new ArchiveRefused('it is not an archive of this site (its manifest names another format).');
  if (head.data.format_version > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveRefused(
      `it was made by a newer version of the site (archive format ${head.data.format_version}; this site reads format ${ARCHIVE_FORMAT_VERSION}). Update the site, then import it.`,
    );
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) throw new ArchiveRefused('its manifest.json is damaged or incomplete.');
  return manifest.data;
}

/** The manifest and the zip agree on every file and its size; the total stays under the limit. */
function checkListing(manifest: Manifest, entries: readonly ZipDirectoryEntry[], maxUnpackedBytes: number): Map<string, number> {
  const listed = new Map<string, number>();
  for (const file of manifest.files) {
    const unsafe = unsafePathReason(file.path);
    if (unsafe) throw new ArchiveRefused(`the manifest's path ${JSON.stringify(file.path)} ${unsafe}.`);
    if (file.path === MANIFEST_PATH || listed.has(file.path)) throw new ArchiveRefused(`the manifest lists ${JSON.stringify(file.path)} twice.`);
    listed.set(file.path, file.size);
  }
  const inZip = new Map(entries.map((e) => [e.name, e]));
  for (const entry of entries) {
    if (entry.name !== MANIFEST_PATH && !listed.has(entry.name)) throw new ArchiveRefused(`${JSON.stringify(entry.name)} is not in its manifest.`);
  }
  let total = 0;
  for (const [path, size] of listed) {
    const entry = inZip.get(path);
    if (!entry) throw new ArchiveRefused(`${JSON.stringify(path)} is missing (the manifest lists it).`);
    if (entry.size !== size) throw new ArchiveRefused(`${JSON.stringify(path)} has the wrong size (the manifest says ${size} bytes).`);
    total += size;
  }
  if (total > maxUnpackedBytes) throw new ArchiveRefused(`it would unpack to more than ${Math.round(maxUnpackedBytes / 1024 ** 2)} MB.`);
  return listed;
}

async function unpackVerified(bytes: Uint8Array, manifest: Manifest, listed: ReadonlyMap<string, number>): Promise<Map<string, Uint8Array>> {
  const unpacked = unpack(bytes, listed);
  const files = new Map<string, Uint8Array>();
  for (const file of manifest.files) {
    const body = unpacked[file.path];
    const shown = JSON.stringify(file.path);
    if (!body || body.byteLength !== file.size) throw new ArchiveRefused(`${shown} does not have the size its manifest says.`);
    if ((await sha256Hex(body)) !== file.sha256) throw new ArchiveRefused(`${shown} is damaged (its checksum does not match the manifest).`);
    files.set(file.path, body);
  }
  return files;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function textOf(path: string, body: Uint8Array): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new ArchiveRefused(`${JSON.stringify(path)} is not UTF-8 text.`);
  }
}

function checkFields(path: string, row: unknown, index: number, columns: ReadonlySet<string>): Record<string, unknown> {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new ArchiveRefused(`${path}: row ${index + 1} is not an object.`);
  const unknown = Object.keys(row).find((key) => !columns.has(key));
  if (unknown !== undefined) throw new ArchiveRefused(`${path}: row ${index + 1} has the field ${JSON.stringify(unknown)}, which this site does not have.`);
  return row as Record<string, unknown>;
}

function tableRows(path: string, text: string, columns: ReadonlySet<string>): number {
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    throw new ArchiveRefused(`${path} is not readable JSON.`);
  }
  if (!Array.isArray(rows)) throw new ArchiveRefused(`${path} is not a list of rows.`);
  rows.forEach((row, i) => checkFields(path, row, i, columns));
  return rows.length;
}

/** Sorts the checked files into rows and uploads, refusing any file that is not one of ours. */
async function interpret(db: Kysely<Database>, manifest: Manifest, files: ReadonlyMap<string, Uint8Array>): Promise<ArchiveContents> {
  const tables = tablesFor(manifest.includes_analytics);
  const columns = new Map(await Promise.all(tables.map(async (t) => [t.name, new Set(await writableColumns(db, t.name))] as const)));
  const contents: ArchiveContents = { manifest, rows: new Map(), counts: new Map(), uploads: new Map() };
  const chapters: Record<string, unknown>[] = [];
  for (const [path, body] of files) {
    const where = classifyPath(path);
    if (where.kind === 'table' && where.table !== CHAPTERS_TABLE && columns.has(where.table)) {
      const text = textOf(path, body);
      contents.counts.set(where.table, tableRows(path, text, columns.get(where.table)!));
      contents.rows.set(where.table, text);
    } else if (where.kind === 'chapter') {
      const parsed = chapterFromMarkdown(textOf(path, body));
      if ('error' in parsed) throw new ArchiveRefused(`${path} ${parsed.error}.`);
      chapters.push(checkFields(path, parsed.row, 0, columns.get(CHAPTERS_TABLE)!));
    } else if (where.kind === 'upload') {
      try {
        assertSafeKey(where.key);
      } catch {
        throw new ArchiveRefused(`${JSON.stringify(path)} is not a name this site gives uploads.`);
      }
      if (!sniffImageFormat(body)) throw new ArchiveRefused(`${JSON.stringify(path)} is not a JPEG, PNG, GIF or WebP image.`);
      contents.uploads.set(where.key, body);
    } else {
      throw new ArchiveRefused(`${JSON.stringify(path)} is not a file this site archives${manifest.includes_analytics ? '' : ' (or it is analytics, which the manifest says are left out)'}.`);
    }
  }
  contents.rows.set(CHAPTERS_TABLE, JSON.stringify(chapters));
  contents.counts.set(CHAPTERS_TABLE, chapters.length);
  const missing = tables.find((t) => t.name !== CHAPTERS_TABLE && !contents.rows.has(t.name));
  if (missing) throw new ArchiveRefused(`${archivePaths.table(missing.name)} is missing.`);
  return contents;
}

export async function readArchive(db: Kysely<Database>, bytes: Uint8Array, maxUnpackedBytes = UNPACKED_MAX_BYTES): Promise<ArchiveContents> {
  const entries = zipDirectory(bytes);
  const manifest = readManifest(bytes, entries);
  const listed = checkListing(manifest, entries, maxUnpackedBytes);
  const files = await unpackVerified(bytes, manifest, listed);
  return interpret(db, manifest, files);
}
