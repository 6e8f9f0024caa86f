// Shared by the archive tests: a site with something in every archived table and every kind of
// upload, and snapshots of rows (as Postgres JSON text) and files (as bytes) to compare.
import { zipSync, type Zippable } from 'fflate';
import { type Kysely, sql } from 'kysely';
import { seedDemoContent } from '#db/seed/index.ts';
import type { Database } from '#db/types.ts';
import { sharpImages } from '#scripts/server/sharp-images.ts';
import { rollUpAnalytics } from '#functions/analytics/rollup.ts';
import type { Storage } from '#core/storage.ts';
import { pngBytes } from '#functions/images/test-kit.ts';
import { storeGalleryImage } from '#functions/images/upload.ts';
import { arrangeStore } from '#functions/images/arrange.ts';
import { type ExportOptions, streamArchive } from './export.ts';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, MANIFEST_PATH, sha256Hex } from './manifest.ts';
import { type ArchivedTable, tablesFor } from './tables.ts';
import { siteUploadKeys } from './uploads.ts';

type Db = Kysely<Database>;

/** A time with microseconds, which a JS Date would lose. */
export const MICROSECONDS = '2026-03-04T05:06:07.123456+00:00';
/** An integer past 2^53 in a jsonb column, which a JS number would round. */
export const HUGE_SEED = '18446744073709551615';

/**
 * The demo seed plus comments (one held), likes, revisions and an autosave, a ban by the admin, gallery images uploaded
 * through the real pipeline, Upload Manager files, subscribers, a scheduled chapter, analytics events and
 * their rollups. `adminId`: an account in this database (bans refer to accounts).
 */
export async function fillSite(db: Db, storage: Storage, adminId: number): Promise<void> {
  await seedDemoContent(db);
  const story = await db.selectFrom('stories').select('id').where('status', '=', 'published').executeTakeFirstOrThrow();
  const scheduled = await db
    .insertInto('chapters')
    .values({
      story_id: story.id,
      chapter_number: 90,
      slug: 'later',
      title: 'Later: "quotes", \'apostrophes\' & <b>tags</b>',
      // Ends without a newline and holds a line that looks like the end of front matter.
      content: 'First line\n---\nnot front matter\n\n  indented\r\nwindows line',
      // Notes that look like front matter and YAML, warnings YAML would read as other types.
      note_before: '---\nkey: value\n---\n',
      note_after: 'Thanks! # not a comment\n  indented',
      content_warnings: ['yes', 'null', '123', 'Death: of a pet', '- dash'],
      status: 'draft',
      release_at: MICROSECONDS,
      published_at: MICROSECONDS, // published once, then taken back to be rescheduled
      created_at: MICROSECONDS,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('chapter_comments')
    .values({
      chapter_id: scheduled.id,
      content: 'Held: see https://a.example https://b.example',
      held_reason: 'too many links',
      ip_address: '192.0.2.9',
    })
    .execute();
  await db.insertInto('chapter_likes').values({ chapter_id: scheduled.id, visitor_key: 'visitor-x', created_at: MICROSECONDS }).execute();
  await db
    .insertInto('chapter_revisions')
    .values([
      { chapter_id: scheduled.id, kind: 'manual', title: 'Earlier', content: 'First\r\nline', word_count: 2, created_by: adminId },
      { chapter_id: scheduled.id, kind: 'autosave', title: '', content: '', word_count: 0, created_by: null, created_at: MICROSECONDS },
    ])
    .execute();
  await db
    .insertInto('chapter_autosaves')
    .values({ chapter_id: scheduled.id, title: 'Working', content: 'Half a line', saved_by: adminId, saved_at: MICROSECONDS })
    .execute();
  // The author's mailing list: a follower of every story, and a pending one of a story.
  await db
    .insertInto('subscribers')
    .values([
      { email: 'reader@example.com', story_id: null, status: 'confirmed', token_issued_at: MICROSECONDS, confirmed_at: MICROSECONDS },
      { email: "o'brien@xn--bcher-kva.example", story_id: story.id, status: 'pending', token_issued_at: MICROSECONDS },
    ])
    .execute();
  await db
    .insertInto('banned_ips')
    .values([
      { ip_address: '203.0.113.0/24', reason: 'spam wave', banned_by: adminId },
      { ip_address: '2001:db8::1', reason: '', banned_by: null },
    ])
    .execute();

  const gallery = await db.selectFrom('galleries').select('id').orderBy('id').executeTakeFirstOrThrow();
  const bytes = await pngBytes(96, 64);
  const image = await storeGalleryImage(
    { db, storage, images: sharpImages },
    gallery.id,
    new File([bytes as Uint8Array<ArrayBuffer>], 'upload.png'),
  );
  await sql`update gallery_images set settings = ${`{"seed": ${HUGE_SEED}, "cfg_scale": 7.5}`}::jsonb, loras = '{a,b}' where id = ${image.id}`.execute(
    db,
  );
  await db.insertInto('image_likes').values({ image_id: image.id, visitor_key: 'visitor-y' }).execute();
  // Moved to the other gallery (its files stay in the first one's folder) and made its hero.
  const other = await db.selectFrom('galleries').select('id').where('id', '<>', gallery.id).executeTakeFirstOrThrow();
  await arrangeStore.moveToGallery(db, image.id, other.id);
  await db.updateTable('galleries').set({ hero_image_id: image.id }).where('id', '=', other.id).execute();
  await db
    .insertInto('image_comments')
    .values({ image_id: image.id, author_name: "Robert'); DROP TABLE stories;--", content: '<script>alert(1)</script>' })
    .execute();
  await storage.put('covers/cover-one.png', await pngBytes(30, 40), 'image/png');
  await storage.put('general/inline.png', await pngBytes(10, 10), 'image/png');
  await db
    .updateTable('stories')
    .set({ cover_image: '/api/uploads/covers/cover-one.png', release_schedule: '{"weekdays":[2,5],"time":"18:00"}' })
    .where('id', '=', story.id)
    .execute();

  const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
  await db
    .insertInto('analytics_events')
    .values([
      {
        event_type: 'page_view',
        visitor_hash: 'v1',
        url_path: '/storytime',
        device: 'desktop',
        browser: 'Chrome',
        created_at: yesterday.toISOString(),
        meta: '{"n": 1}',
      },
      {
        event_type: 'chapter_depth',
        visitor_hash: 'v2',
        content_type: 'chapter',
        content_id: '1',
        parent_id: 'the-lantern',
        value_num: 0.1 + 0.2,
        created_at: MICROSECONDS,
      },
    ])
    .execute();
  await rollUpAnalytics(db, new Date());
}

/** Every row of each table as Postgres JSON text (generated columns included), ordered by key; blanked columns as null. */
export async function snapshotRows(db: Db, tables: readonly ArchivedTable[]): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const table of tables) {
    const order = sql.join(table.key.map((k) => sql.ref(`t.${k}`)));
    const blanked = (table.blanked ?? []).map((c) => `'${c}'`).join(', ');
    const row = blanked ? sql`to_jsonb(t) - array[${sql.raw(blanked)}]` : sql`to_jsonb(t)`;
    const { rows } = await sql<{
      rows: string;
    }>`select coalesce(jsonb_agg(${row} order by ${order}), '[]')::text as rows from ${sql.table(table.name)} t`.execute(db);
    snapshot[table.name] = rows[0]!.rows;
  }
  return snapshot;
}

export async function snapshotFiles(db: Db, storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const key of await siteUploadKeys(db, storage)) {
    const file = await storage.get(key);
    if (file) files[key] = Buffer.from(file.body).toString('base64'); // a row may name a file that is gone
  }
  return files;
}

export async function snapshotSite(db: Db, storage: Storage) {
  return { rows: await snapshotRows(db, tablesFor(true)), files: await snapshotFiles(db, storage) };
}

/** The whole export in memory, for tests that take it apart. */
export async function exportArchive(deps: { db: Db; storage: Storage }, options: Omit<ExportOptions, 'now'>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(await streamArchive(deps, { ...options, now: new Date() })).arrayBuffer());
}

/** Every table file an archive without analytics must have, empty. */
export const emptyData = () =>
  Object.fromEntries(
    tablesFor(false)
      .filter((table) => table.name !== 'chapters')
      .map((table) => [`data/${table.name}.json`, '[]']),
  );

/** A zip with a manifest listing its files correctly (so only what a test breaks is wrong). */
export async function craftArchive(
  files: Record<string, Uint8Array | string>,
  manifest: Record<string, unknown> = {},
): Promise<Uint8Array> {
  const entries = Object.entries(files).map(
    ([path, body]) => [path, typeof body === 'string' ? new TextEncoder().encode(body) : body] as const,
  );
  const listing = await Promise.all(entries.map(async ([path, body]) => ({ path, size: body.byteLength, sha256: await sha256Hex(body) })));
  const zippable: Zippable = Object.fromEntries(entries);
  zippable[MANIFEST_PATH] = new TextEncoder().encode(
    JSON.stringify({
      format: ARCHIVE_FORMAT,
      format_version: ARCHIVE_FORMAT_VERSION,
      app_version: 'test',
      created_at: '2026-01-01T00:00:00.000Z',
      includes_analytics: false,
      files: listing,
      ...manifest,
    }),
  );
  return zipSync(zippable);
}
