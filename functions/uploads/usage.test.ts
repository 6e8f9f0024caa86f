// The Upload Manager says where each file is used, refuses to delete a file in use, and on a
// forced delete clears every reference to it (docs/product.md, "Deleting an upload that is in use").
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import { fixture, storedKeys } from './test-kit.ts';

const t = useApiTestContext();
const PNG = fixture('automatic1111_cropped.png');

const COVER = 'covers/cover.png';
const BREAK = 'pagebreaks/break.png';
const MAP = 'general/map.png';
const UNUSED = 'general/unused.png';

/** Two stories, a chapter, the profile and a gallery image that use the files above. */
async function insertContent() {
  const { db } = t.database;
  for (const key of [COVER, BREAK, MAP, UNUSED]) await t.deps.storage.put(key, PNG, 'image/png');
  const [fleet, gate] = await db
    .insertInto('stories')
    .values([
      {
        slug: 'fleet',
        title: 'The Fleet',
        status: 'published',
        cover_image: `/api/uploads/${COVER}`,
        break_image: `/api/uploads/${BREAK}`,
        blurb: `Ships.\n\n![Map](/api/uploads/${MAP})`,
      },
      { slug: 'gate', title: 'The Gate', status: 'draft', cover_image: `/api/uploads/${COVER}` },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('chapters')
    .values([
      {
        story_id: fleet!.id,
        chapter_number: 3,
        title: 'Three',
        slug: 'three',
        status: 'published',
        content: `Look:\n\n![the map](/api/uploads/${MAP} "North")\n\nSee [the map](/api/uploads/${MAP}).`,
      },
      { story_id: gate!.id, chapter_number: 1, title: 'One', slug: 'one', status: 'draft', content: 'No pictures here.' },
    ])
    .execute();
  await db
    .insertInto('author_profile')
    .values({ name: 'Vera', profile_image: `https://author.example/api/uploads/${MAP}` })
    .execute();
  const gallery = await db
    .insertInto('galleries')
    .values({ slug: 'g', title: 'Studies', rating: 'PG' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('gallery_images')
    .values({
      gallery_id: gallery.id,
      src: `/api/uploads/galleries/${gallery.id}/a.png`,
      thumb: `/api/uploads/${MAP}`,
      title: 'Dawn',
      storage_keys: [`galleries/${gallery.id}/a.png`],
    })
    .execute();
  await t.deps.storage.put(`galleries/${gallery.id}/a.png`, PNG, 'image/png');
  return { fleet: fleet!.id, gate: gate!.id, gallery: gallery.id };
}

const MAP_USERS = [
  'picture of the author profile',
  "blurb of story 'The Fleet'",
  "chapter 3 of 'The Fleet'",
  "image 'Dawn' in gallery 'Studies'",
];

const usedBy = async (cookie: string) => {
  const { uploads } = await (await t.call('/api/images/manage', { cookie })).json();
  const files = [...uploads.covers, ...uploads.pagebreaks, ...uploads.general] as { path: string; used_by: string[] }[];
  return Object.fromEntries(files.map((file) => [file.path, file.used_by]));
};

const remove = (cookie: string, path: string, force?: boolean) =>
  t.call('/api/images/manage', { cookie, json: { action: 'delete', path, ...(force !== undefined && { force }) } });

describe('GET /api/images/manage: where each file is used', () => {
  it('names every user of every file, and none for an unused one', async () => {
    await insertContent();
    expect(await usedBy(await t.signedInAs('author'))).toEqual({
      [COVER]: ["cover of story 'The Fleet'", "cover of story 'The Gate'"],
      [BREAK]: ["page break of story 'The Fleet'"],
      [MAP]: MAP_USERS,
      [UNUSED]: [],
    });
  });

  it('reads the content in the same few queries for 3 files as for 40', async () => {
    await insertContent();
    const cookie = await t.signedInAs('admin');
    let queries = 0;
    const counted = t.deps.db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const app = createApp({ ...t.deps, db: counted });
    const list = async () => {
      queries = 0;
      const res = await app.request('http://localhost:4321/api/images/manage', { headers: { cookie } });
      expect(res.status).toBe(200);
      return queries;
    };
    const few = await list();
    for (let i = 0; i < 36; i++) await t.deps.storage.put(`general/extra-${i}.png`, PNG, 'image/png');
    expect(await list()).toBe(few);
  });
});

describe('POST /api/images/manage: deleting a file in use', () => {
  it('refuses with 409 naming its users, and changes nothing', async () => {
    await insertContent();
    const cookie = await t.signedInAs('author');
    const res = await remove(cookie, `/api/uploads/${MAP}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      success: false,
      error: `This file is in use and was not deleted. Used by: ${MAP_USERS.join(', ')}.`,
    });
    expect(await storedKeys(t)).toContain(MAP);
    expect(t.rebuilds).toEqual([]);
    expect(await usedBy(cookie)).toMatchObject({ [MAP]: MAP_USERS });
  });

  it('names five users and counts the rest', async () => {
    const { fleet } = await insertContent();
    const chapters = [4, 5, 6, 7].map((n) => ({
      story_id: fleet,
      chapter_number: n,
      title: `${n}`,
      slug: `c${n}`,
      status: 'draft' as const,
      content: `![](/api/uploads/${MAP})`,
    }));
    await t.database.db.insertInto('chapters').values(chapters).execute();
    const res = await remove(await t.signedInAs('admin'), MAP);
    expect((await res.json()).error).toBe(
      `This file is in use and was not deleted. Used by: picture of the author profile, blurb of story 'The Fleet', chapter 3 of 'The Fleet', chapter 4 of 'The Fleet', chapter 5 of 'The Fleet', and 3 more.`,
    );
  });

  it('deletes an unused file as before, without a rebuild', async () => {
    await insertContent();
    const res = await remove(await t.signedInAs('author'), UNUSED);
    expect(await res.json()).toEqual({ success: true });
    expect(await storedKeys(t)).not.toContain(UNUSED);
    expect(t.rebuilds).toEqual([]);
  });

  it('with force, clears every reference, deletes the file and republishes', async () => {
    const { fleet, gate, gallery } = await insertContent();
    const cookie = await t.signedInAs('author');
    const mapRes = await remove(cookie, MAP, true);
    expect(await mapRes.json()).toEqual({ success: true, cleared: MAP_USERS });
    const coverRes = await remove(cookie, COVER, true);
    expect(await coverRes.json()).toEqual({ success: true, cleared: ["cover of story 'The Fleet'", "cover of story 'The Gate'"] });

    const { db } = t.database;
    const stories = await db.selectFrom('stories').select(['id', 'cover_image', 'break_image', 'blurb']).orderBy('id').execute();
    expect(stories).toEqual([
      { id: fleet, cover_image: null, break_image: `/api/uploads/${BREAK}`, blurb: 'Ships.\n\n' },
      { id: gate, cover_image: null, break_image: null, blurb: '' },
    ]);
    const chapter = await db.selectFrom('chapters').select('content').where('chapter_number', '=', 3).executeTakeFirstOrThrow();
    expect(chapter.content).toBe('Look:\n\n\n\nSee the map.');
    expect(await db.selectFrom('author_profile').select('profile_image').executeTakeFirstOrThrow()).toEqual({ profile_image: null });
    expect(await db.selectFrom('gallery_images').select('id').where('gallery_id', '=', gallery).execute()).toEqual([]);
    expect((await storedKeys(t)).sort()).toEqual([UNUSED, BREAK]);
    expect(await t.deps.storage.get(`galleries/${gallery}/a.png`)).toBeNull(); // the removed image's own file
    expect(t.rebuilds).toEqual([`upload ${MAP} deleted and removed from 4 places`, `upload ${COVER} deleted and removed from 2 places`]);
    expect(await usedBy(cookie)).toEqual({ [BREAK]: ["page break of story 'The Fleet'"], [UNUSED]: [] });
  });

  it.each([false, true])('answers 404 for a file that is not there (force: %s) and changes nothing', async (force) => {
    await insertContent();
    await t.deps.storage.delete(MAP);
    const res = await remove(await t.signedInAs('admin'), MAP, force);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'File not found' });
    expect(await t.database.db.selectFrom('chapters').select('content').where('chapter_number', '=', 3).executeTakeFirstOrThrow()).toEqual({
      content: expect.stringContaining(MAP),
    });
    expect(t.rebuilds).toEqual([]);
  });

  it('answers a forced delete 401 signed out and 403 for a moderator, and keeps file and references', async () => {
    await insertContent();
    const json = { action: 'delete', path: MAP, force: true };
    expect((await t.call('/api/images/manage', { json })).status).toBe(401);
    expect((await t.call('/api/images/manage', { json, cookie: await t.signedInAs('mod') })).status).toBe(403);
    expect(await storedKeys(t)).toContain(MAP);
    expect(await usedBy(await t.signedInAs('admin'))).toMatchObject({ [MAP]: MAP_USERS });
  });
});
