// Reads and checks a whole archive before anything is written: that it is a zip of ours, of a
// format this version reads, whole (every file listed, with its size and SHA-256), with no path
// that could leave its folder and no links, that its rows fit the site's tables and pass the
// API's checks, and that each upload passes the checks of its kind of upload (upload-rules.ts).
// Files are unpacked one at a time; an upload's bytes are not kept (the import reads it again).
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { AppError } from '#core/errors.ts';
import { JSON_MAX_DEPTH, nestsDeeperThan, TOO_DEEP } from '#core/json-text.ts';
import { FileRefused } from '#functions/images/upload-checks.ts';
import { tooLargeMessage } from '#lib/upload-kinds.ts';
import { chapterFromMarkdown } from './chapter-markdown.ts';
import { archivePaths, classifyPath } from './layout.ts';
import {
  ARCHIVE_FORMAT_VERSION,
  type Manifest,
  type ManifestFile,
  manifestHeadSchema,
  MANIFEST_PATH,
  manifestSchema,
  sha256Hex,
  unsafePathReason,
} from './manifest.ts';
import { refusedRow } from './row-checks.ts';
import { writableColumns } from './rows.ts';
import { CHAPTERS_TABLE, tablesFor } from './tables.ts';
import { uploadRuleFor } from './upload-rules.ts';
import { type ArchiveSource, readZipDirectory, type ZipDirectoryEntry, ZipFormatError } from './zip-directory.ts';
import { readEntry } from './zip-entry.ts';

/** What an archive may unpack to in all: a zip bomb is refused from its directory, before inflating. */
export const UNPACKED_MAX_BYTES = 2 * 1024 ** 3;
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;
/**
 * The largest text file (a table's rows, a chapter) an import reads: the longest string the
 * JavaScript engine holds (V8: 2^29 - 24 characters), which a UTF-8 file of that many bytes never
 * exceeds.
 */
export const TEXT_MAX_BYTES = 2 ** 29 - 24;

export class ArchiveRefused extends AppError {
  constructor(reason: string) {
    super(400, `This archive cannot be imported: ${reason}`);
  }
}

/** One upload of a checked archive: where it goes and where its bytes are. */
export interface ArchiveUpload {
  key: string;
  file: ManifestFile;
  entry: ZipDirectoryEntry;
}

export interface ArchiveContents {
  manifest: Manifest;
  source: ArchiveSource;
  /** Each archived table's rows as a JSON array text (chapters assembled from their Markdown files). */
  rows: Map<string, string>;
  counts: Map<string, number>;
  uploads: ArchiveUpload[];
}

async function zipDirectory(source: ArchiveSource): Promise<ZipDirectoryEntry[]> {
  let entries: ZipDirectoryEntry[];
  try {
    entries = await readZipDirectory(source);
  } catch (error) {
    if (error instanceof ZipFormatError)
      throw new ArchiveRefused(`it is not a zip file, or it is cut short or damaged (${error.message}).`);
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

async function unpack(source: ArchiveSource, entry: ZipDirectoryEntry): Promise<Uint8Array> {
  try {
    return await readEntry(source, entry);
  } catch (error) {
    if (error instanceof ZipFormatError)
      throw new ArchiveRefused(`${JSON.stringify(entry.name)} is damaged and cannot be unpacked (${error.message}).`);
    throw error;
  }
}

/** The entry's bytes, proven to be what the manifest lists. */
export async function readVerified(source: ArchiveSource, entry: ZipDirectoryEntry, file: ManifestFile): Promise<Uint8Array> {
  const body = await unpack(source, entry);
  if ((await sha256Hex(body)) !== file.sha256)
    throw new ArchiveRefused(`${JSON.stringify(file.path)} is damaged (its checksum does not match the manifest).`);
  return body;
}

async function readManifest(source: ArchiveSource, entries: readonly ZipDirectoryEntry[]): Promise<Manifest> {
  const entry = entries.find((e) => e.name === MANIFEST_PATH);
  if (!entry) throw new ArchiveRefused('it is not an archive of this site (it has no manifest.json).');
  if (entry.size > MANIFEST_MAX_BYTES) throw new ArchiveRefused('its manifest.json is too large.');
  const raw = await unpack(source, entry);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new ArchiveRefused('its manifest.json is not readable JSON.');
  }
  const json = parseArchiveJson('its manifest.json', text);
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
function checkListing(manifest: Manifest, entries: readonly ZipDirectoryEntry[], maxUnpackedBytes: number): Map<string, ZipDirectoryEntry> {
  const listed = new Set<string>();
  for (const file of manifest.files) {
    const unsafe = unsafePathReason(file.path);
    if (unsafe) throw new ArchiveRefused(`the manifest's path ${JSON.stringify(file.path)} ${unsafe}.`);
    if (file.path === MANIFEST_PATH || listed.has(file.path))
      throw new ArchiveRefused(`the manifest lists ${JSON.stringify(file.path)} twice.`);
    listed.add(file.path);
  }
  const inZip = new Map(entries.map((e) => [e.name, e]));
  for (const entry of entries) {
    if (entry.name !== MANIFEST_PATH && !listed.has(entry.name))
      throw new ArchiveRefused(`${JSON.stringify(entry.name)} is not in its manifest.`);
  }
  let total = 0;
  for (const file of manifest.files) {
    const entry = inZip.get(file.path);
    if (!entry) throw new ArchiveRefused(`${JSON.stringify(file.path)} is missing (the manifest lists it).`);
    if (entry.size !== file.size)
      throw new ArchiveRefused(`${JSON.stringify(file.path)} has the wrong size (the manifest says ${file.size} bytes).`);
    total += file.size;
  }
  if (total > maxUnpackedBytes) throw new ArchiveRefused(`it would unpack to more than ${Math.round(maxUnpackedBytes / 1024 ** 2)} MB.`);
  return inZip;
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
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    throw new ArchiveRefused(`${path}: row ${index + 1} is not an object.`);
  const unknown = Object.keys(row).find((key) => !columns.has(key));
  if (unknown !== undefined)
    throw new ArchiveRefused(`${path}: row ${index + 1} has the field ${JSON.stringify(unknown)}, which this site does not have.`);
  return row as Record<string, unknown>;
}

/**
 * JSON.parse after a depth check without recursion: the row checks walk what is parsed, and no
 * value the site stores nests deeper than a request body may (decision 21), plus the list of rows
 * and the row itself.
 */
function parseArchiveJson(name: string, text: string): unknown {
  if (nestsDeeperThan(text, JSON_MAX_DEPTH + 2)) throw new ArchiveRefused(`${name}: ${TOO_DEEP}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ArchiveRefused(`${name} is not readable JSON.`);
  }
}

function tableRows(path: string, table: string, text: string, columns: ReadonlySet<string>): number {
  const rows = parseArchiveJson(path, text);
  if (!Array.isArray(rows)) throw new ArchiveRefused(`${path} is not a list of rows.`);
  const checked = rows.map((row, i) => checkFields(path, row, i, columns));
  const refused = refusedRow(table, checked);
  if (refused) throw new ArchiveRefused(`${path}: ${refused}.`);
  return rows.length;
}

type Planned = { file: ManifestFile; entry: ZipDirectoryEntry } & (
  | { kind: 'table'; table: string }
  | { kind: 'chapter' }
  | { kind: 'upload'; key: string; check: (bytes: Uint8Array) => void }
);

/** What each listed file is, and that its declared size fits its kind, before anything is inflated. */
function plan(manifest: Manifest, entries: ReadonlyMap<string, ZipDirectoryEntry>, tables: ReadonlySet<string>): Planned[] {
  return manifest.files.map((file) => {
    const where = classifyPath(file.path);
    const entry = entries.get(file.path)!;
    const shown = JSON.stringify(file.path);
    if (where.kind === 'upload') {
      const rule = uploadRuleFor(where.key);
      if (!rule) throw new ArchiveRefused(`${shown} is not a name this site gives uploads.`);
      if (file.size > rule.maxBytes) throw new ArchiveRefused(`${shown}: ${tooLargeMessage(rule.maxBytes)}`);
      return { file, entry, kind: 'upload', key: where.key, check: rule.check };
    }
    const isTable = where.kind === 'table' && where.table !== CHAPTERS_TABLE && tables.has(where.table);
    if (!isTable && where.kind !== 'chapter') {
      throw new ArchiveRefused(
        `${shown} is not a file this site archives${manifest.includes_analytics ? '' : ' (or it is analytics, which the manifest says are left out)'}.`,
      );
    }
    if (file.size > TEXT_MAX_BYTES) {
      const mb = (bytes: number) => `${Math.floor(bytes / 1024 ** 2)} MB`;
      throw new ArchiveRefused(
        `${shown} is too large to read (${mb(file.size)}): a text file may have at most ${mb(TEXT_MAX_BYTES)}, the longest text the JavaScript engine holds.`,
      );
    }
    return where.kind === 'table' ? { file, entry, kind: 'table', table: where.table } : { file, entry, kind: 'chapter' };
  });
}

async function checkUpload(source: ArchiveSource, planned: Extract<Planned, { kind: 'upload' }>): Promise<void> {
  try {
    planned.check(await readVerified(source, planned.entry, planned.file));
  } catch (error) {
    if (error instanceof FileRefused) throw new ArchiveRefused(`${JSON.stringify(planned.file.path)}: ${error.message}`);
    throw error;
  }
}

export async function readArchive(
  db: Kysely<Database>,
  source: ArchiveSource,
  maxUnpackedBytes = UNPACKED_MAX_BYTES,
): Promise<ArchiveContents> {
  const directory = await zipDirectory(source);
  const manifest = await readManifest(source, directory);
  const entries = checkListing(manifest, directory, maxUnpackedBytes);
  const tables = tablesFor(manifest.includes_analytics);
  const columns = new Map(await Promise.all(tables.map(async (t) => [t.name, new Set(await writableColumns(db, t.name))] as const)));
  const contents: ArchiveContents = { manifest, source, rows: new Map(), counts: new Map(), uploads: [] };
  const chapters: Record<string, unknown>[] = [];
  for (const planned of plan(manifest, entries, new Set(columns.keys()))) {
    const { file } = planned;
    if (planned.kind === 'upload') {
      await checkUpload(source, planned);
      contents.uploads.push({ key: planned.key, file, entry: planned.entry });
      continue;
    }
    const text = textOf(file.path, await readVerified(source, planned.entry, file));
    if (planned.kind === 'table') {
      contents.counts.set(planned.table, tableRows(file.path, planned.table, text, columns.get(planned.table)!));
      contents.rows.set(planned.table, text);
    } else {
      const parsed = chapterFromMarkdown(text);
      if ('error' in parsed) throw new ArchiveRefused(`${file.path} ${parsed.error}.`);
      chapters.push(checkFields(file.path, parsed.row, 0, columns.get(CHAPTERS_TABLE)!));
    }
  }
  contents.rows.set(CHAPTERS_TABLE, JSON.stringify(chapters));
  contents.counts.set(CHAPTERS_TABLE, chapters.length);
  const missing = tables.find((t) => t.name !== CHAPTERS_TABLE && !contents.rows.has(t.name));
  if (missing) throw new ArchiveRefused(`${archivePaths.table(missing.name)} is missing.`);
  return contents;
}
