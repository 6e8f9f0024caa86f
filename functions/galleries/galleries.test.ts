import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { expectError, FORBIDDEN, SIGN_IN } from '#functions/chapters/test-kit.ts';
import { GALLERY_NOT_FOUND, galleryTestKit, pngBytes, recordStorage, uploadImages } from '#functions/images/test-kit.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);

const listGalleries = async (query = '') => {
  const res = await t.call(`/api/galleries/list${query}`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.success).toBe(true);
  return body.galleries as Record<string, unknown>[];
};

describe('GET /api/galleries/list', () => {
  it('lists every gallery, PG and X, newest first, with zero counts and no hero when empty', async () => {
    await kit.insertGallery('field-studies', 'PG');
    await kit.insertGallery('after-dark', 'X');
    const galleries = await listGalleries();
    expect(galleries.map((g) => [g['slug'], g['rating']])).toEqual([
      ['after-dark', 'X'],
      ['field-studies', 'PG'],
    ]);
    expect(galleries[0]).toMatchObject({
      title: 'Title of after-dark',
      description: '',
      image_count: 0,
      like_count: 0,
      comment_count: 0,
      hero_thumb: null,
      hero_width: null,
      hero_height: null,
    });
    expect(Object.keys(galleries[0]!).sort()).toEqual(
      [
        'id',
        'slug',
        'title',
        'description',
        'rating',
        'image_count',
        'like_count',
        'comment_count',
        'hero_image_id',
        'hero_thumb',
        'hero_width',
        'hero_height',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('counts images, likes and approved comments, and takes the newest image as the hero', async () => {
    const gallery = await kit.insertGallery();
    const other = await kit.insertGallery('other');
    const [first, second] = await kit.insertImages(
      gallery,
      { width: 300, height: 200 },
      { width: 2200, height: 1000, thumb: '/api/uploads/wide.webp' },
    );
    await kit.insertImages(other, {});
    const db = t.database.db;
    await db
      .insertInto('image_likes')
      .values([
        { image_id: first!, visitor_key: 'a' },
        { image_id: second!, visitor_key: 'a' },
        { image_id: second!, visitor_key: 'b' },
      ])
      .execute();
    await db
      .insertInto('image_comments')
      .values([
        { image_id: first!, content: 'approved', status: 'approved' },
        { image_id: second!, content: 'pending', status: 'pending' },
        { image_id: second!, content: 'rejected', status: 'rejected' },
      ])
      .execute();
    const [, listed] = await listGalleries();
    expect(listed).toMatchObject({
      id: gallery,
      image_count: 2,
      like_count: 3,
      comment_count: 1,
      hero_thumb: '/api/uploads/wide.webp',
      hero_width: 2200,
      hero_height: 1000,
    });

    // The hero follows the images: deleting the newest makes the next one the hero.
    await db.deleteFrom('gallery_images').where('id', '=', second!).execute();
    const [, after] = await listGalleries();
    expect(after).toMatchObject({ image_count: 1, like_count: 1, comment_count: 1, hero_width: 300, hero_height: 200 });
  });

  it('pages with page and limit, and answers at list.php', async () => {
    for (const slug of ['a', 'b', 'c']) await kit.insertGallery(slug);
    expect((await listGalleries('?page=2&limit=2')).map((g) => g['slug'])).toEqual(['a']);
    expect((await listGalleries('.php?page=1&limit=1000')).map((g) => g['slug'])).toEqual(['c', 'b', 'a']);
  });

  it.each([
    ['?limit=1001', 'limit must be at most 1000'],
    ['?limit=0', 'limit must be at least 1'],
    ['?page=0', 'page must be at least 1'],
    ['?page=x', 'page must be a whole number'],
    ["?page=1'%20or%201=1", 'page must be a whole number'],
    ['?rating=X', 'Unknown field: rating'],
  ])('refuses the query %s with 400', async (query, error) => {
    await expectError(t.call(`/api/galleries/list${query}`), 400, error);
  });
});

describe('POST /api/galleries/create', () => {
  it('creates a PG gallery by default and schedules a rebuild (201)', async () => {
    const cookie = await t.signedInAs('author');
    const res = await t.call('/api/galleries/create', {
      cookie,
      json: { title: ' Field Studies ', slug: 'field-studies', description: 'Mood pieces' },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      gallery: {
        slug: 'field-studies',
        title: 'Field Studies',
        description: 'Mood pieces',
        rating: 'PG',
        image_count: 0,
        hero_thumb: null,
      },
    });
    expect(t.rebuilds).toEqual(['gallery "field-studies" created']);
    expect(await listGalleries()).toEqual([body.gallery]);
  });

  it('creates an X gallery as admin; HTML in the title and description is kept as text', async () => {
    const cookie = await t.signedInAs('admin');
    const title = '<img src=x onerror=alert(1)> "Quotes" & \'apostrophes\'';
    const res = await t.call('/api/galleries/create', {
      cookie,
      json: { title, slug: 'after-dark', description: '<script>alert(1)</script>', rating: 'X' },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).gallery).toMatchObject({ title, description: '<script>alert(1)</script>', rating: 'X' });
  });

  it('refuses a duplicate slug with 409', async () => {
    const cookie = await t.signedInAs('author');
    await kit.insertGallery('field-studies');
    await expectError(
      t.call('/api/galleries/create', { cookie, json: { title: 'Again', slug: 'field-studies' } }),
      409,
      'A gallery with the slug "field-studies" already exists.',
    );
  });

  it('answers 409 to one of two simultaneous creates with the same slug', async () => {
    const cookie = await t.signedInAs('author');
    const create = () => t.call('/api/galleries/create', { cookie, json: { title: 'Twin', slug: 'twin' } });
    const statuses = (await Promise.all([create(), create()])).map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409]);
  });

  it.each([
    [{ slug: 'x' }, 'The title is required'],
    [{ title: '   ', slug: 'x' }, 'The title must not be empty'],
    [{ title: 'x'.repeat(201), slug: 'x' }, 'The title is too long (at most 200 characters)'],
    [{ title: 'T' }, 'The slug is required'],
    [
      { title: 'T', slug: 'Field Studies' },
      'The slug may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)',
    ],
    [{ title: 'T', slug: '../etc' }, 'The slug may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)'],
    [
      { title: 'T', slug: "x'; drop table galleries;--" },
      'The slug may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)',
    ],
    [{ title: 'T', slug: 'x', rating: 'R' }, 'The rating must be one of: PG, X'],
    [{ title: 'T', slug: 'x', description: 'd'.repeat(5001) }, 'The description is too long (at most 5000 characters)'],
    [{ title: 'T\u0000', slug: 'x' }, 'The title must not contain NUL characters'],
    [{ title: 'T', slug: 'x', id: 3 }, 'Unknown field: id'],
  ])('refuses %j with 400', async (json, error) => {
    const cookie = await t.signedInAs('author');
    await expectError(t.call('/api/galleries/create', { cookie, json }), 400, error);
    expect(await listGalleries()).toEqual([]);
  });

  it('refuses anonymous callers (401) and moderators (403)', async () => {
    const json = { title: 'T', slug: 't' };
    await expectError(t.call('/api/galleries/create', { json }), 401, SIGN_IN);
    await expectError(t.call('/api/galleries/create', { json, cookie: await t.signedInAs('mod') }), 403, FORBIDDEN);
    expect(await listGalleries()).toEqual([]);
    expect(t.rebuilds).toEqual([]);
  });
});

describe('POST /api/galleries/update', () => {
  it('changes the given fields only, and schedules a rebuild', async () => {
    const cookie = await t.signedInAs('author');
    const id = await kit.insertGallery('field-studies');
    const res = await t.call('/api/galleries/update', { cookie, json: { id, rating: 'X', description: null } });
    expect(res.status).toBe(200);
    expect((await res.json()).gallery).toMatchObject({
      id,
      slug: 'field-studies',
      title: 'Title of field-studies',
      rating: 'X',
      description: '',
    });
    const renamed = await t.call('/api/galleries/update.php', { cookie, json: { id, title: 'Studies', slug: 'studies' } });
    expect((await renamed.json()).gallery).toMatchObject({ slug: 'studies', title: 'Studies', rating: 'X' });
    expect(t.rebuilds).toEqual(['gallery "field-studies" updated', 'gallery "studies" updated']);
  });

  it("keeps its own slug, refuses another gallery's (409), and answers 404 for an unknown id", async () => {
    const cookie = await t.signedInAs('admin');
    const id = await kit.insertGallery('mine');
    await kit.insertGallery('theirs');
    expect((await t.call('/api/galleries/update', { cookie, json: { id, slug: 'mine' } })).status).toBe(200);
    await expectError(
      t.call('/api/galleries/update', { cookie, json: { id, slug: 'theirs' } }),
      409,
      'A gallery with the slug "theirs" already exists.',
    );
    await expectError(t.call('/api/galleries/update', { cookie, json: { id: 999, title: 'x' } }), 404, GALLERY_NOT_FOUND);
  });

  it.each([
    [{ title: 'x' }, 'id is required'],
    [{ id: '1', title: 'x' }, 'id must be a number'],
    [{ id: 1, rating: 'pg' }, 'The rating must be one of: PG, X'],
    [{ id: 1, slug: '' }, 'The slug must not be empty'],
  ])('refuses %j with 400', async (json, error) => {
    await kit.insertGallery();
    await expectError(t.call('/api/galleries/update', { cookie: await t.signedInAs('author'), json }), 400, error);
  });

  it('refuses anonymous callers (401) and moderators (403)', async () => {
    const id = await kit.insertGallery();
    await expectError(t.call('/api/galleries/update', { json: { id, title: 'x' } }), 401, SIGN_IN);
    await expectError(t.call('/api/galleries/update', { json: { id, title: 'x' }, cookie: await t.signedInAs('mod') }), 403, FORBIDDEN);
  });
});

describe('POST /api/galleries/delete', () => {
  it('deletes the gallery, its images, their likes and comments, and their files', async () => {
    const storage = recordStorage(t);
    const cookie = await t.signedInAs('author');
    const id = await kit.insertGallery('doomed');
    const keep = await kit.insertGallery('kept');
    const png = await pngBytes();
    for (const gallery of [id, keep]) {
      expect(
        (
          await uploadImages(t, cookie, gallery, [
            { name: 'a.png', bytes: png },
            { name: 'b.png', bytes: png },
          ])
        ).status,
      ).toBe(201);
    }
    expect(storage.keys.size).toBe(12);
    const [image] = await t.database.db.selectFrom('gallery_images').select('id').where('gallery_id', '=', id).execute();
    await t.database.db.insertInto('image_likes').values({ image_id: image!.id, visitor_key: 'v' }).execute();
    await t.database.db.insertInto('image_comments').values({ image_id: image!.id, content: 'c' }).execute();
    t.rebuilds.length = 0;

    const res = await t.call('/api/galleries/delete', { cookie, json: { id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(t.rebuilds).toEqual(['gallery deleted']);
    expect([...storage.keys].every((key) => key.startsWith(`galleries/${keep}/`))).toBe(true);
    expect(storage.keys.size).toBe(6);
    const db = t.database.db;
    expect(await db.selectFrom('gallery_images').select('gallery_id').execute()).toEqual([{ gallery_id: keep }, { gallery_id: keep }]);
    expect(await db.selectFrom('image_likes').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('image_comments').selectAll().execute()).toEqual([]);
    expect((await listGalleries()).map((g) => g['slug'])).toEqual(['kept']);
  });

  it('answers 404 for an unknown gallery, 400 for a bad id, 401 and 403 for the wrong caller', async () => {
    const id = await kit.insertGallery();
    await expectError(t.call('/api/galleries/delete', { json: { id } }), 401, SIGN_IN);
    await expectError(t.call('/api/galleries/delete', { json: { id }, cookie: await t.signedInAs('mod') }), 403, FORBIDDEN);
    const cookie = await t.signedInAs('admin');
    await expectError(t.call('/api/galleries/delete', { cookie, json: { id: 999 } }), 404, GALLERY_NOT_FOUND);
    await expectError(t.call('/api/galleries/delete', { cookie, json: { id: 0 } }), 400, 'id must be a positive whole number');
    await expectError(t.call('/api/galleries/delete', { cookie, json: {} }), 400, 'id is required');
    expect(await listGalleries()).toHaveLength(1);
  });
});
