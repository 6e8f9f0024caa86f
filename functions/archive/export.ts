// Writes the whole site into one zip (layout: docs/archive-format.md). The rows are read in one
// repeatable-read transaction, so the archive is one moment of the site even while it is in use.
import { zipSync, type Zippable } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Storage } from '../core/storage.ts';
import { type ChapterRow, chapterToMarkdown } from './chapter-markdown.ts';
import { archivePaths } from './layout.ts';
import { APP_VERSION, ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type Manifest, MANIFEST_PATH, sha256Hex } from './manifest.ts';
import { rowsAsJson, writableColumns } from './rows.ts';
import { CHAPTERS_TABLE, tablesFor } from './tables.ts';
import { siteUploadKeys } from './uploads.ts';

export interface ExportOptions {
  analytics: boolean;
  now?: Date;
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
          const path = archivePaths.chapter(storySlugs.get(chapter.story_id) ?? String(chapter.story_id), chapter.chapter_number, chapter.slug);
          files.set(path, encoder.encode(chapterToMarkdown(chapter)));
        }
      }
    });
  return files;
}

async function uploadFiles(db: Kysely<Database>, storage: Storage): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const key of await siteUploadKeys(db, storage)) {
    const file = await storage.get(key);
    if (file) files.set(archivePaths.upload(key), file.body); // a row may name a file that is gone
  }
  return files;
}

export async function exportArchive(deps: { db: Kysely<Database>; storage: Storage }, options: ExportOptions): Promise<Uint8Array> {
  const data = await tableFiles(deps.db, options.analytics);
  const uploads = await uploadFiles(deps.db, deps.storage);
  const all = [...data, ...uploads];
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    format_version: ARCHIVE_FORMAT_VERSION,
    app_version: APP_VERSION,
    created_at: (options.now ?? new Date()).toISOString(),
    includes_analytics: options.analytics,
    files: await Promise.all(all.map(async ([path, bytes]) => ({ path, size: bytes.byteLength, sha256: await sha256Hex(bytes) }))),
  };
  const zippable: Zippable = { [MANIFEST_PATH]: encoder.encode(JSON.stringify(manifest, null, 2)) };
  for (const [path, bytes] of data) zippable[path] = bytes;
  // Images are compressed already: stored as they are, which is faster and no larger.
  for (const [path, bytes] of uploads) zippable[path] = [bytes, { level: 0 }];
  return zipSync(zippable, { level: 6 });
}
