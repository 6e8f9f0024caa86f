// The moderation migration on a database that already holds comments and a ban: chapter and
// image comments that shared an id get distinct ones, and new comments never share one.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '#db/migrations/index.ts';
import { migrateDownAll, migrateToLatest } from '#db/migrate.ts';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase({ migrate: false });
});
afterAll(async () => database?.close());

const BEFORE = '2026-11-22T0200_analytics_privacy';

describe('migration 2026-11-22T0300_moderation', () => {
  it('gives existing comments distinct ids, keeps bans, and draws new ids from one sequence', async () => {
    const db = database.db;
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE);
    expect(error).toBeUndefined();
    await sql`insert into stories (slug, title) values ('s', 'S')`.execute(db);
    await sql`insert into chapters (story_id, chapter_number, slug, title, content) values (1, 1, 'c', 'C', 'Text')`.execute(db);
    await sql`insert into galleries (slug, title) values ('g', 'G')`.execute(db);
    await sql`insert into gallery_images (gallery_id, src) values (1, '/a.png')`.execute(db);
    await sql`insert into chapter_comments (chapter_id, content) values (1, 'chapter one'), (1, 'chapter two')`.execute(db);
    await sql`insert into image_comments (image_id, content) values (1, 'image one'), (1, 'image two'), (1, 'image three')`.execute(db);
    await sql`insert into banned_ips (ip_address) values ('203.0.113.5'), ('2001:DB8::1')`.execute(db);

    await migrateToLatest(db);
    await db
      .insertInto('chapter_comments')
      .values({ chapter_id: 1, content: 'new chapter' } as never)
      .execute();
    await db
      .insertInto('image_comments')
      .values({ image_id: 1, content: 'new image' } as never)
      .execute();

    const chapterIds = (await db.selectFrom('chapter_comments').select('id').execute()).map((r) => r.id);
    const imageIds = (await db.selectFrom('image_comments').select('id').execute()).map((r) => r.id);
    expect(new Set([...chapterIds, ...imageIds]).size).toBe(7);
    const bans = await db.selectFrom('banned_ips').select(sql<string>`abbrev(ip_address)`.as('ip')).orderBy('id').execute();
    expect(bans.map((b) => b.ip)).toEqual(['203.0.113.5', '2001:db8::1']);
  });

  it('reverts cleanly, leaving each table its own identity again', async () => {
    await migrateDownAll(database.db);
    await migrateToLatest(database.db);
    expect(await database.db.selectFrom('chapter_comments').selectAll().execute()).toEqual([]);
  });
});
