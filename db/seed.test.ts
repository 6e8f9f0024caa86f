import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';
import { demoProfile, demoSocials } from './seed/demo-content.ts';
import { isDatabaseEmpty, seedDemoContent } from './seed/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());
beforeEach(async () => database.reset());

const db = () => database.db;

/** Row count of every application table. */
async function counts(): Promise<Record<string, number>> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(db());
  const result: Record<string, number> = {};
  for (const { tablename } of rows) {
    const {
      rows: [row],
    } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(tablename)}`.execute(db());
    result[tablename] = row!.n;
  }
  return result;
}

describe('seedDemoContent', () => {
  it('seeds an empty database: profile, socials, stories and chapters', async () => {
    expect(await isDatabaseEmpty(db())).toBe(true);
    expect(await seedDemoContent(db())).toBe(true);
    expect(await isDatabaseEmpty(db())).toBe(false);

    const profile = await db().selectFrom('author_profile').selectAll().executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ id: 1, ...demoProfile });
    const socials = await db().selectFrom('social_links').select(['platform', 'url']).orderBy('platform').execute();
    expect(socials).toEqual([...demoSocials].sort((a, b) => a.platform.localeCompare(b.platform)));

    const stories = await db().selectFrom('stories').select(['id', 'status']).orderBy('id').execute();
    expect(stories.map((s) => s.status)).toEqual(['published', 'draft']);
    const [published, draft] = [stories[0]!, stories[1]!];
    const chapters = await db()
      .selectFrom('chapters')
      .select(['story_id', 'chapter_number', 'status', 'published_at'])
      .orderBy('chapter_number')
      .execute();
    expect(chapters.every((c) => c.story_id === published.id)).toBe(true);
    expect(chapters.filter((c) => c.status === 'published').length).toBeGreaterThanOrEqual(3);
    expect(chapters.filter((c) => c.status === 'draft')).toHaveLength(1);
    // Published when seeded: they have been public since (the writing desk's chapter list shows it).
    expect(chapters.every((c) => (c.published_at !== null) === (c.status === 'published'))).toBe(true);
    expect(chapters.map((c) => c.chapter_number)).toEqual(chapters.map((_, i) => i + 1));
    expect(chapters.some((c) => c.story_id === draft.id)).toBe(false);
  });

  it('seeds a PG and an X gallery whose images carry generation metadata', async () => {
    await seedDemoContent(db());
    const galleries = await db().selectFrom('galleries').select(['id', 'rating']).orderBy('id').execute();
    expect(galleries.map((g) => g.rating).sort()).toEqual(['PG', 'X']);

    const images = await db().selectFrom('gallery_images').selectAll().orderBy('id').execute();
    for (const gallery of galleries) {
      expect(images.filter((i) => i.gallery_id === gallery.id).length).toBeGreaterThan(0);
    }
    for (const image of images) {
      expect(image.prompt).toEqual(expect.stringMatching(/\S/));
      expect(image.negative_prompt).toEqual(expect.stringMatching(/\S/));
      expect(image.checkpoint).toEqual(expect.stringMatching(/\S/));
      expect(Array.isArray(image.loras)).toBe(true);
    }
    expect(images.some((i) => i.loras.length > 0)).toBe(true);
    const withLora = images.find((i) => i.loras.length > 0)!;
    expect(withLora.loras).toEqual(['NoobV065sHyperDmd']);
    // Unicode in prompts survives the round trip.
    expect(images.some((i) => i.prompt!.includes('テスト'))).toBe(true);
  });

  it('seeds approved and pending comments on chapters and images, and likes', async () => {
    await seedDemoContent(db());
    for (const table of ['chapter_comments', 'image_comments'] as const) {
      const statuses = (await db().selectFrom(table).select('status').execute()).map((r) => r.status);
      expect(statuses).toContain('approved');
      expect(statuses).toContain('pending');
    }
    const chapterComments = await db().selectFrom('chapter_comments').select('ip_address').execute();
    expect(new Set(chapterComments.map((c) => c.ip_address))).toEqual(new Set(['203.0.113.7']));
    expect(await counts()).toMatchObject({ chapter_likes: 3, image_likes: 1, chapter_comments: 3, image_comments: 2 });
  });

  it('does nothing the second time', async () => {
    expect(await seedDemoContent(db())).toBe(true);
    const before = await counts();
    const profileBefore = await db().selectFrom('author_profile').selectAll().executeTakeFirstOrThrow();
    expect(await seedDemoContent(db())).toBe(false);
    expect(await counts()).toEqual(before);
    expect(await db().selectFrom('author_profile').selectAll().executeTakeFirstOrThrow()).toEqual(profileBefore);
  });

  it('leaves a database with a saved profile alone', async () => {
    await db().insertInto('author_profile').values({ id: 1, name: 'Real Author', bio: '', tagline: '' }).execute();
    expect(await seedDemoContent(db())).toBe(false);
    const after = await counts();
    expect(after).toMatchObject({ author_profile: 1, stories: 0, galleries: 0, social_links: 0 });
  });

  it('leaves a database with a story but no profile alone', async () => {
    await db()
      .insertInto('stories')
      .values({ slug: 'real', title: 'Real', status: 'draft' } as never)
      .execute();
    expect(await seedDemoContent(db())).toBe(false);
    expect(await counts()).toMatchObject({ author_profile: 0, stories: 1, chapters: 0 });
  });
});
