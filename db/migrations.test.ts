import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';
import { migrateDownAll, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './types.ts';

// Every table of the Database interface (db/types.ts), sorted.
const TABLES: (keyof Database)[] = [
  'analytics_daily_content',
  'analytics_daily_segments',
  'analytics_daily_totals',
  'analytics_events',
  'analytics_period_content',
  'analytics_rollup_state',
  'analytics_salts',
  'archive_imports',
  'author_profile',
  'banned_ips',
  'chapter_autosaves',
  'chapter_comments',
  'chapter_likes',
  'chapter_redirects',
  'chapter_revisions',
  'chapters',
  'deploy_hook_state',
  'galleries',
  'gallery_images',
  'image_comments',
  'image_likes',
  'login_throttle',
  'mail_outbox',
  'rate_limit_counters',
  'revoked_sessions',
  'social_links',
  'stories',
  'subscribers',
  'users',
];

const NAMES = Object.keys(migrations);

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase({ migrate: false });
});
afterAll(async () => database?.close());

async function appTables(): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_%'
    order by tablename`.execute(database.db);
  return rows.map((r) => r.tablename);
}

describe('migrations', () => {
  it('run on the database the environment names (PostgreSQL when TEST_DATABASE_URL is set)', () => {
    expect(database.kind).toBe(process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite');
  });

  it('start from an empty database', async () => {
    expect(await appTables()).toEqual([]);
  });

  it('create every table, once', async () => {
    expect(await migrateToLatest(database.db)).toEqual(NAMES.map((name) => `applied ${name}`));
    expect(await appTables()).toEqual(TABLES);
    expect(TABLES).toHaveLength(29);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('revert every table with migrateDownAll', async () => {
    expect(await migrateDownAll(database.db)).toEqual(NAMES.toReversed().map((name) => `reverted ${name}`));
    expect(await appTables()).toEqual([]);
  });

  it('apply again after a full revert', async () => {
    expect(await migrateToLatest(database.db)).toEqual(NAMES.map((name) => `applied ${name}`));
    expect(await appTables()).toEqual(TABLES);
  });
});

describe('database constraints', () => {
  beforeAll(async () => {
    await migrateToLatest(database.db);
  });
  beforeEach(async () => database.reset());

  const db = () => database.db;
  // Inserts leave out columns with database defaults, so they are cast past Kysely's insert types.
  const story = () =>
    db()
      .insertInto('stories')
      .values({ slug: 'a-story', title: 'A story', status: 'published' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  const chapter = (story_id: number, chapter_number: number, slug = `chapter-${chapter_number}`) =>
    db()
      .insertInto('chapters')
      .values({ story_id, chapter_number, slug, title: 'T', content: 'Text', status: 'published' })
      .returning('id')
      .execute();
  const gallery = (values: { slug?: string; rating?: string } = {}) =>
    db()
      .insertInto('galleries')
      .values({ slug: 'a-gallery', title: 'A gallery', rating: 'PG', ...values } as never)
      .returning('id')
      .executeTakeFirstOrThrow();

  it('accepts a valid gallery and story', async () => {
    await expect(gallery({ slug: 'ok-slug-2', rating: 'X' })).resolves.toEqual({ id: 1 });
    await expect(story()).resolves.toEqual({ id: 1 });
  });

  it('refuses a gallery rating other than PG or X', async () => {
    await expect(gallery({ rating: 'R' })).rejects.toThrow(/galleries_rating_check/);
  });

  it.each(['Not A Slug', 'double--hyphen', '-leading', 'trailing-', 'UPPER'])('refuses the slug %j', async (slug) => {
    await expect(gallery({ slug })).rejects.toThrow(/galleries_slug_check/);
  });

  it('refuses chapter number 0 and a duplicate (story, chapter number)', async () => {
    const { id } = await story();
    await expect(chapter(id, 0)).rejects.toThrow(/chapters_chapter_number_check/);
    await chapter(id, 1);
    await expect(chapter(id, 1, 'another-slug')).rejects.toThrow(/chapters_story_number_key/);
    expect(await db().selectFrom('chapters').select('chapter_number').execute()).toEqual([{ chapter_number: 1 }]);
  });

  it('refuses a second username that differs only in case', async () => {
    await db().insertInto('users').values({ username: 'Admin', password_hash: 'x', role: 'admin' }).execute();
    await expect(db().insertInto('users').values({ username: 'admin', password_hash: 'y', role: 'author' }).execute()).rejects.toThrow(
      /users_username_lower_key/,
    );
  });

  it('deletes a story’s chapters, their comments and likes with the story', async () => {
    const { id } = await story();
    const [{ id: chapterId }] = (await chapter(id, 1)) as [{ id: number }];
    await chapter(id, 2);
    await db().insertInto('chapter_comments').values({ chapter_id: chapterId, author_name: 'R', content: 'Hi' }).execute();
    await db().insertInto('chapter_likes').values({ chapter_id: chapterId, visitor_key: 'v1' }).execute();
    await db().deleteFrom('stories').where('id', '=', id).execute();
    expect(await db().selectFrom('chapters').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('chapter_comments').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('chapter_likes').selectAll().execute()).toEqual([]);
  });

  it('deletes a gallery’s images with the gallery', async () => {
    const { id } = await gallery();
    const other = await gallery({ slug: 'other' });
    await db()
      .insertInto('gallery_images')
      .values([
        { gallery_id: id, src: '/a.webp' },
        { gallery_id: id, src: '/b.webp' },
        { gallery_id: other.id, src: '/c.webp' },
      ])
      .execute();
    await db().deleteFrom('galleries').where('id', '=', id).execute();
    expect(await db().selectFrom('gallery_images').select('src').execute()).toEqual([{ src: '/c.webp' }]);
  });

  it('refuses a comment over 1000 characters and accepts exactly 1000', async () => {
    const { id } = await story();
    const [{ id: chapterId }] = (await chapter(id, 1)) as [{ id: number }];
    const comment = (content: string) =>
      db()
        .insertInto('chapter_comments')
        .values({ chapter_id: chapterId, content } as never)
        .execute();
    await expect(comment('x'.repeat(1001))).rejects.toThrow(/chapter_comments_content_check/);
    await expect(comment('x'.repeat(1000))).resolves.toBeDefined();
    const rows = await db().selectFrom('chapter_comments').select(['author_name', 'status']).execute();
    expect(rows).toEqual([{ author_name: 'Anonymous', status: 'pending' }]);
  });

  it('keeps one subscription per address and scope, and a story’s followers and their queued emails go with it', async () => {
    const { id } = await story();
    const [{ id: chapterId }] = (await chapter(id, 1)) as [{ id: number }];
    const follow = (story_id: number | null) =>
      db().insertInto('subscribers').values({ email: 'reader@example.com', story_id, status: 'confirmed' }).returning('id').execute();
    const [{ id: storyFollower }] = (await follow(id)) as [{ id: number }];
    await follow(null);
    await expect(follow(id)).rejects.toThrow(/subscribers_email_scope/);
    await expect(follow(null)).rejects.toThrow(/subscribers_email_scope/);
    const release = () =>
      db().insertInto('mail_outbox').values({ kind: 'release', subscriber_id: storyFollower, chapter_id: chapterId }).execute();
    await release();
    await expect(release()).rejects.toThrow(/mail_outbox_release_once/);

    await db().deleteFrom('stories').where('id', '=', id).execute();
    expect(await db().selectFrom('subscribers').select('story_id').execute()).toEqual([{ story_id: null }]);
    expect(await db().selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });
});
