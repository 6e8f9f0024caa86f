// Writes the whole site into one zip (layout: docs/archive-format.md), as a stream: the rows are
// read in one repeatable-read transaction, so the archive is one moment of the site even while it
// is in use; then the uploads follow one at a time, so memory holds one file, not the site; the
// manifest, which lists every file's checksum, comes last. The database is done with before the
// stream starts: the Worker closes a request's connections once its handler has answered.
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import type { Storage } from '#core/storage.ts';
import { type ChapterRow, chapterToMarkdown } from './chapter-markdown.ts';
import { archivePaths } from './layout.ts';
import {
  APP_VERSION,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type Manifest,
  type ManifestFile,
  MANIFEST_PATH,
  sha256Hex,
} from './manifest.ts';
import { rowsAsJson, writableColumns } from './rows.ts';
import { CHAPTERS_TABLE, tablesFor } from './tables.ts';
import { siteUploadKeys } from './uploads.ts';
import { yieldWhenDue } from '#core/yield.ts';

export interface ExportOptions {
  analytics: boolean;
  /** When the archive was made (its manifest says). */
  now: Date;
}

const encoder = new TextEncoder();

async function tableFiles(db: Kysely<Database>, analytics: boolean): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const storySlugs = new Map((await trx.selectFrom('stories').select(['id', 'slug']).execute()).map((s) => [s.id, s.slug]));
      for (const table of tablesFor(analytics)) {
        const json = await rowsAsJson(trx, table, await writableColumns(trx, table.name));
        if (table.name !== CHAPTERS_TABLE) {
          files.set(archivePaths.table(table.name), encoder.encode(json));
          continue;
        }
        // Chapters hold no number JSON.parse could round (ids and chapter numbers are integers).
        for (const chapter of JSON.parse(json) as (ChapterRow & { story_id: number; chapter_number: number; slug: string })[]) {
          const path = archivePaths.chapter(
            storySlugs.get(chapter.story_id) ?? String(chapter.story_id),
            chapter.chapter_number,
            chapter.slug,
          );
          files.set(path, encoder.encode(chapterToMarkdown(chapter)));
        }
      }
    });
  return files;
}

/** Bytes handed to the zip per step, with a turn of the event loop between steps when due. */
const STEP = 1024 * 1024;

/** Adds one whole file: deflated (rows, chapters) or stored as it is (images are compressed already). */
async function addFile(zip: Zip, path: string, bytes: Uint8Array, deflate: boolean): Promise<void> {
  const file = deflate ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
  zip.add(file);
  for (let at = 0; ; at += STEP) {
    const last = at + STEP >= bytes.byteLength;
    file.push(bytes.subarray(at, at + STEP), last);
    if (last) return;
    await yieldWhenDue();
  }
}

type ExportDeps = { db: Kysely<Database>; storage: Storage };

/** What the database gives the archive: the table and chapter files, and the uploads to add. */
interface SiteContent {
  tables: Map<string, Uint8Array>;
  uploadKeys: string[];
}

/** Adds every file to the zip, pausing after each one so the stream's reader sets the pace. */
async function* writeArchive(zip: Zip, content: SiteContent, storage: Storage, options: ExportOptions): AsyncGenerator<void> {
  const files: ManifestFile[] = [];
  const add = async (path: string, bytes: Uint8Array, deflate: boolean) => {
    files.push({ path, size: bytes.byteLength, sha256: await sha256Hex(bytes) });
    await addFile(zip, path, bytes, deflate);
  };
  for (const [path, bytes] of content.tables) {
    await add(path, bytes, true);
    yield;
  }
  for (const key of content.uploadKeys) {
    const file = await storage.get(key);
    if (!file) continue; // a row may name a file that is gone
    await add(archivePaths.upload(key), file.body, false);
    yield;
  }
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    format_version: ARCHIVE_FORMAT_VERSION,
    app_version: APP_VERSION,
    created_at: options.now.toISOString(),
    includes_analytics: options.analytics,
    files,
  };
  await addFile(zip, MANIFEST_PATH, encoder.encode(JSON.stringify(manifest, null, 2)), true);
  zip.end();
}

/** The site as a zip, produced as it is read (from the storage; the rows are read before it starts). */
export async function streamArchive(deps: ExportDeps, options: ExportOptions): Promise<ReadableStream<Uint8Array>> {
  const content = { tables: await tableFiles(deps.db, options.analytics), uploadKeys: await siteUploadKeys(deps.db, deps.storage) };
  const ready: Uint8Array[] = [];
  let ended = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    ready.push(chunk);
    ended ||= final;
  });
  const steps = writeArchive(zip, content, deps.storage, options);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (ready.length === 0 && !ended && !failure) {
        if ((await steps.next()).done) break;
      }
      if (failure) throw failure;
      for (const chunk of ready.splice(0)) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async cancel() {
      zip.terminate();
      await steps.return(undefined);
    },
  });
}
