// The archive's promise (decision 0012): export a full site, import it into a fresh database and fresh storage, and
// every row of every archived table (as Postgres JSON text) and every upload (byte for byte) is
// the same; with analytics and without.
import { sql } from 'kysely';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterFromMarkdown } from './chapter-markdown.ts';
import { importArchive } from './import.ts';
import { tablesFor } from './tables.ts';
import { exportArchive, fillSite, HUGE_SEED, snapshotFiles, snapshotRows, snapshotSite } from './test-kit.ts';

const t = useApiTestContext();
let target: TestDatabase;
let targetStorage: MemoryStorage;

beforeAll(async () => {
  target = await openTestDatabase();
}, 60_000);
afterAll(async () => target?.close());
beforeEach(async () => {
  await target.reset();
  targetStorage = new MemoryStorage();
  const adminId = await t.createUser('admin', 'correct horse battery');
  await fillSite(t.database.db, t.deps.storage, adminId);
  // The same account in the target, so a ban's "banned by" refers to someone there too.
  await target.db.insertInto('users').values({ username: 'admin', password_hash: 'x', role: 'admin' }).execute();
}, 60_000);

describe('export and import round trip', () => {
  it('makes a fresh site identical, analytics included', async () => {
    const archive = await exportArchive(t.deps, { analytics: true });
    const summary = await importArchive({ db: target.db, storage: targetStorage }, archive, { replace: false });

    const before = await snapshotSite(t.database.db, t.deps.storage);
    const after = await snapshotSite(target.db, targetStorage);
    expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(5); // 3 gallery files, a cover, a general upload
    for (const table of Object.keys(before.rows)) expect(after.rows[table], table).toBe(before.rows[table]);
    expect(after.files).toEqual(before.files);
    expect(summary).toMatchObject({ analytics: true, uploads: Object.keys(before.files).length });
    expect(JSON.parse(before.rows['chapter_revisions']!)).toHaveLength(2);
    expect(JSON.parse(before.rows['chapter_autosaves']!)).toHaveLength(1);
    expect(JSON.parse(before.rows['analytics_events']!)).toHaveLength(2);
    expect(JSON.parse(before.rows['subscribers']!)).toMatchObject([{ email: 'reader@example.com' }, { status: 'pending' }]);

    // The exactness the JS values would have lost, read back in the target.
    const { rows } = await sql<{ release_at: string; seed: string }>`
      select (select release_at::text from chapters where slug = 'later') as release_at,
             (select settings->>'seed' from gallery_images where original_name = 'upload.png') as seed`.execute(target.db);
    expect(rows[0]).toEqual({ release_at: '2026-03-04 05:06:07.123456+00', seed: HUGE_SEED });
    // The period cache is derived, not archived: the target has none, so it is recomputed.
    expect(await target.db.selectFrom('analytics_period_content').select('days').execute()).toEqual([]);
    expect((await target.db.selectFrom('analytics_rollup_state').select('periods_day').executeTakeFirstOrThrow()).periods_day).toBeNull();
  });

  it('leaves analytics out unless asked, and the target keeps its own', async () => {
    await target.db.insertInto('analytics_events').values({ event_type: 'page_view', visitor_hash: 'target-own' }).execute();
    const archive = await exportArchive(t.deps, { analytics: false });
    const names = Object.keys(unzipSync(archive));
    expect(names.filter((name) => name.includes('analytics'))).toEqual([]);

    await importArchive({ db: target.db, storage: targetStorage }, archive, { replace: false });
    const content = tablesFor(false);
    expect(await snapshotRows(target.db, content)).toEqual(await snapshotRows(t.database.db, content));
    expect(await snapshotFiles(target.db, targetStorage)).toEqual(await snapshotFiles(t.database.db, t.deps.storage));
    expect(await target.db.selectFrom('analytics_events').select('visitor_hash').execute()).toEqual([{ visitor_hash: 'target-own' }]);
  });

  it('sets the id sequences past the imported ids, the shared comment sequence included', async () => {
    await importArchive({ db: target.db, storage: targetStorage }, await exportArchive(t.deps, { analytics: true }), { replace: false });
    for (const table of [
      'stories',
      'chapters',
      'chapter_revisions',
      'galleries',
      'gallery_images',
      'chapter_likes',
      'image_likes',
      'banned_ips',
      'analytics_events',
    ] as const) {
      const { rows } = await sql<{ next: string; highest: string }>`
        select nextval(pg_get_serial_sequence(${table}, 'id')) as next, (select max(id) from ${sql.table(table)}) as highest`.execute(
        target.db,
      );
      expect(Number(rows[0]!.next), table).toBe(Number(rows[0]!.highest) + 1);
    }
    const comments = await sql<{ id: string; highest: string }>`
      select nextval('comment_ids') as id, greatest((select max(id) from chapter_comments), (select max(id) from image_comments)) as highest`.execute(
      target.db,
    );
    expect(Number(comments.rows[0]!.id)).toBe(Number(comments.rows[0]!.highest) + 1);
  });

  it('writes each chapter as Markdown with front matter and the content byte-exact after it', async () => {
    const files = unzipSync(await exportArchive(t.deps, { analytics: false }));
    const path = Object.keys(files).find((name) => name.endsWith('/0090-later.md'))!;
    expect(path).toMatch(/^stories\/[a-z0-9-]+\/0090-later\.md$/);
    const text = new TextDecoder().decode(files[path]);
    expect(text).toMatch(/^---\nid: \d+\n/);
    expect(text).toContain(`release_at: 2026-03-04T05:06:07.123456+00:00\n`);
    // Notes as block text an author can read, warnings as a list.
    expect(text).toContain('\nnote_before: |\n  ---\n  key: value\n  ---\nnote_after: |-\n');
    expect(text).toContain('\ncontent_warnings:\n  - yes\n  - "null"\n  - "123"\n');
    expect(text).toContain(`published_at: 2026-03-04T05:06:07.123456+00:00\n`);
    expect(text.endsWith('---\nFirst line\n---\nnot front matter\n\n  indented\r\nwindows line')).toBe(true);
    const parsed = chapterFromMarkdown(text);
    expect('row' in parsed && parsed.row.content).toBe('First line\n---\nnot front matter\n\n  indented\r\nwindows line');
    expect('row' in parsed && parsed.row).toMatchObject({
      note_before: '---\nkey: value\n---\n',
      note_after: 'Thanks! # not a comment\n  indented',
      content_warnings: ['yes', 'null', '123', 'Death: of a pet', '- dash'],
    });
  });
});
