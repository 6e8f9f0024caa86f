import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '../../scripts/test/api.ts';
import { expectError, FORBIDDEN, SIGN_IN } from '../chapters/test-kit.ts';
import { COMMENT_SUBMITTED } from '../comments/routes.ts';
import { visitorCookie } from '../likes/test-kit.ts';
import { GALLERY_NOT_FOUND, IMAGE_NOT_FOUND, galleryTestKit, pngBytes, recordStorage, uploadImages } from './test-kit.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);

async function listImages(query: string) {
  const res = await t.call(`/api/images/gallery-list?${query}`);
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status: 200, body: { success: true } });
  return body as { images: Record<string, unknown>[]; total: number; page: number; limit: number };
}
const titles = async (query: string) => (await listImages(query)).images.map((image) => image['title']);

describe('GET /api/images/gallery-list', () => {
  it('answers a page of images newest first, with the GalleryImage fields, total, page and limit', async () => {
    const gallery = await kit.insertGallery();
    const ids = await kit.insertImages(
      gallery,
      ...Array.from({ length: 25 }, (_, i) => ({ title: `Image ${i}` })),
    );
    const first = await listImages(`gallery_id=${gallery}`);
    expect(first).toMatchObject({ total: 25, page: 1, limit: 20 });
    expect(first.images.map((image) => image['id'])).toEqual(ids.slice().reverse().slice(0, 20));
    expect(Object.keys(first.images[0]!).sort()).toEqual(
      [
        'id', 'gallery_id', 'src', 'thumb', 'thumb_2x', 'placeholder', 'title', 'stored_title', 'original_name', 'alt_text', 'prompt', 'parameters',
        'checkpoint', 'loras', 'lora_weights', 'settings', 'generator', 'width', 'height', 'like_count', 'comment_count', 'created_at',
      ].sort(),
    );
    const second = await listImages(`gallery_id=${gallery}&page=2`);
    expect(second.images.map((image) => image['title'])).toEqual(['Image 4', 'Image 3', 'Image 2', 'Image 1', 'Image 0']);
    expect((await listImages(`gallery_id=${gallery}&page=3`)).images).toEqual([]);
    expect((await listImages(`gallery_id=${gallery}&limit=100`)).images).toHaveLength(25);
  });

  it('maps a legacy row: no title falls back to the file name, no thumbnails fall back to src', async () => {
    const gallery = await kit.insertGallery();
    await kit.insertImages(gallery, { src: '/images/demo/duck.webp', thumb: null, negative_prompt: 'monochrome', loras: ['a', 'b'] });
    const [image] = (await listImages(`gallery_id=${gallery}`)).images;
    expect(image).toMatchObject({
      title: 'duck.webp',
      stored_title: null,
      original_name: 'duck.webp',
      thumb: '/images/demo/duck.webp',
      thumb_2x: '/images/demo/duck.webp',
      placeholder: '',
      parameters: 'monochrome',
      loras: ['a', 'b'],
      lora_weights: [],
      settings: { steps: null, sampler: null, scheduler: null, cfg: null, seed: null, width: null, height: null },
      generator: null,
      like_count: 0,
      comment_count: 0,
    });
  });

  it('searches title, prompt, negative, checkpoint, LoRA names and file name; every term must match', async () => {
    const gallery = await kit.insertGallery();
    const other = await kit.insertGallery('other');
    await kit.insertImages(
      gallery,
      { title: 'Duck', prompt: 'photo of a DUCK on water', checkpoint: 'realisticVision' },
      { title: 'Wings', prompt: 'victorian woman with wings', negative_prompt: 'watermark, text' },
      { title: 'Miku', prompt: '1girl, hatsune miku, テスト', loras: ['NoobV065sHyperDmd'] },
      { title: null, original_name: 'sunset-over-sea.png', prompt: 'a sunset' },
    );
    await kit.insertImages(other, { title: 'Other duck', prompt: 'duck' });
    const search = (q: string) => titles(`gallery_id=${gallery}&q=${encodeURIComponent(q)}`);
    expect(await search('duck')).toEqual(['Duck']);
    expect(await search('  DUCK   water ')).toEqual(['Duck']);
    expect(await search('duck wings')).toEqual([]);
    expect(await search('REALISTICvision')).toEqual(['Duck']);
    expect(await search('watermark')).toEqual(['Wings']);
    expect(await search('noobv065')).toEqual(['Miku']);
    expect(await search('テスト')).toEqual(['Miku']);
    expect(await search('over-sea')).toEqual(['sunset-over-sea.png']);
    expect(await search('')).toHaveLength(4);
    expect((await listImages(`gallery_id=${gallery}&q=w`)).total).toBe(2); // "water", "wings"/"watermark"
  });

  it('matches SQL and pattern characters literally', async () => {
    const gallery = await kit.insertGallery();
    await kit.insertImages(
      gallery,
      { title: 'percent', prompt: '100% detail' },
      { title: 'underscore', prompt: 'snake_case token' },
      { title: 'backslash', prompt: 'C:\\models\\sd' },
      { title: 'quote', prompt: "it's (masterpiece:1.2) [best] {quality} a.b*c+ ^$|?" },
      { title: 'plain', prompt: '1000 detail snakexcase' },
    );
    const search = (q: string) => titles(`gallery_id=${gallery}&q=${encodeURIComponent(q)}`);
    expect(await search('%')).toEqual(['percent']);
    expect(await search('0%')).toEqual(['percent']);
    expect(await search('_')).toEqual(['underscore']);
    expect(await search('snake_case')).toEqual(['underscore']);
    expect(await search('\\')).toEqual(['backslash']);
    expect(await search('\\models')).toEqual(['backslash']);
    expect(await search("it's")).toEqual(['quote']);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect(await search('(masterpiece:1.2)')).toEqual(['quote']);
    expect(await search('a.b*c+')).toEqual(['quote']);
    expect(await search('^$|?')).toEqual(['quote']);
    expect(await search('.*')).toEqual([]);
    expect(await search('[best]')).toEqual(['quote']);
  });

  it('answers 404 for an unknown gallery', async () => {
    await expectError(t.call('/api/images/gallery-list?gallery_id=999'), 404, GALLERY_NOT_FOUND);
  });

  it.each([
    ['', 'gallery_id is required'],
    ['gallery_id=x', 'gallery_id must be a positive whole number'],
    ['gallery_id=0', 'gallery_id must be a positive whole number'],
    ['gallery_id=1&page=0', 'page must be at least 1'],
    ['gallery_id=1&limit=101', 'limit must be at most 100'],
    ['gallery_id=1&limit=-1', 'limit must be a whole number'],
    [`gallery_id=1&q=${'x'.repeat(201)}`, 'q is too long (at most 200 characters)'],
    ['gallery_id=1&q=a%00b', 'q must not contain NUL characters'],
    ['gallery_id=1&sort=asc', 'Unknown field: sort'],
  ])('refuses the query %s with 400', async (query, error) => {
    await kit.insertGallery();
    await expectError(t.call(`/api/images/gallery-list?${query}`), 400, error);
  });
});

describe('POST /api/images/gallery-update', () => {
  it('sets title and alt text, stores blank and null as null, and schedules a rebuild', async () => {
    const gallery = await kit.insertGallery();
    const [id] = await kit.insertImages(gallery, { original_name: 'duck.png' });
    const cookie = await t.signedInAs('author');
    const res = await t.call('/api/images/gallery-update', { cookie, json: { id, title: ' <b>Duck</b> ', alt_text: 'A duck & a pond' } });
    expect(res.status).toBe(200);
    expect((await res.json()).image).toMatchObject({ id, title: '<b>Duck</b>', stored_title: '<b>Duck</b>', alt_text: 'A duck & a pond' });
    const cleared = await t.call('/api/images/gallery-update.php', { cookie, json: { id, title: '   ', alt_text: null } });
    expect((await cleared.json()).image).toMatchObject({ title: 'duck.png', stored_title: null, alt_text: null });
    expect(t.rebuilds).toEqual(['gallery image updated', 'gallery image updated']);
  });

  it('leaves out fields that are not sent', async () => {
    const gallery = await kit.insertGallery();
    const [id] = await kit.insertImages(gallery, { title: 'Kept', alt_text: 'old' });
    const res = await t.call('/api/images/gallery-update', { cookie: await t.signedInAs('admin'), json: { id, alt_text: 'new' } });
    expect((await res.json()).image).toMatchObject({ title: 'Kept', alt_text: 'new' });
    expect((await t.call('/api/images/gallery-update', { cookie: await t.signedInAs('author'), json: { id } })).status).toBe(200);
  });

  it.each([
    [{ title: 'x' }, 'id is required'],
    [{ id: 1, title: 'x'.repeat(201) }, 'The title is too long (at most 200 characters)'],
    [{ id: 1, alt_text: 'x'.repeat(1001) }, 'The alt text is too long (at most 1000 characters)'],
    [{ id: 1, title: 5 }, 'The title must be a string'],
    [{ id: 1, title: 'a\u0000b' }, 'The title must not contain NUL characters'],
    [{ id: 1, src: '/etc/passwd' }, 'Unknown field: src'],
  ])('refuses %j with 400', async (json, error) => {
    await kit.insertImages(await kit.insertGallery(), {});
    await expectError(t.call('/api/images/gallery-update', { cookie: await t.signedInAs('author'), json }), 400, error);
  });

  it('answers 404 for an unknown image, 401 anonymous, 403 for a moderator', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    await expectError(t.call('/api/images/gallery-update', { json: { id, title: 'x' } }), 401, SIGN_IN);
    await expectError(t.call('/api/images/gallery-update', { json: { id, title: 'x' }, cookie: await t.signedInAs('mod') }), 403, FORBIDDEN);
    await expectError(t.call('/api/images/gallery-update', { json: { id: 999, title: 'x' }, cookie: await t.signedInAs('author') }), 404, IMAGE_NOT_FOUND);
    expect(t.rebuilds).toEqual([]);
  });
});

describe('POST /api/images/gallery-delete', () => {
  it('deletes the row and its three files, and the gallery counts follow', async () => {
    const storage = recordStorage(t);
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const png = await pngBytes();
    const uploaded = await (await uploadImages(t, cookie, gallery, [{ name: 'a.png', bytes: png }, { name: 'b.png', bytes: png }])).json();
    const [a, b] = uploaded.images as { id: number; thumb: string }[];
    t.rebuilds.length = 0;

    const res = await t.call('/api/images/gallery-delete', { cookie, json: { id: b!.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(t.rebuilds).toEqual(['gallery image deleted']);
    expect(storage.keys.size).toBe(3);
    expect((await listImages(`gallery_id=${gallery}`)).images.map((image) => image['id'])).toEqual([a!.id]);
    const [listed] = (await (await t.call('/api/galleries/list')).json()).galleries;
    expect(listed).toMatchObject({ image_count: 1, hero_thumb: a!.thumb });
    await expectError(t.call('/api/images/gallery-delete', { cookie, json: { id: b!.id } }), 404, IMAGE_NOT_FOUND);
  });

  it('deletes a demo image (a static file, nothing in storage) too', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), { src: '/images/demo/gallery-duck.webp' });
    expect((await t.call('/api/images/gallery-delete', { cookie: await t.signedInAs('admin'), json: { id } })).status).toBe(200);
  });

  it('refuses bad ids (400), anonymous callers (401) and moderators (403)', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    await expectError(t.call('/api/images/gallery-delete', { json: { id } }), 401, SIGN_IN);
    await expectError(t.call('/api/images/gallery-delete', { json: { id }, cookie: await t.signedInAs('mod') }), 403, FORBIDDEN);
    const cookie = await t.signedInAs('author');
    await expectError(t.call('/api/images/gallery-delete', { cookie, json: { id: '../1' } }), 400, 'id must be a number');
    await expectError(t.call('/api/images/gallery-delete', { cookie, json: { id: 2 ** 31 } }), 400, 'id must be at most 2147483647');
    expect(await t.database.db.selectFrom('gallery_images').select('id').execute()).toEqual([{ id }]);
  });
});

describe('image likes: gallery-like and gallery-stats', () => {
  const like = (image_id: unknown, cookie?: string) => t.call('/api/images/gallery-like', { json: { image_id }, ...(cookie ? { cookie } : {}) });
  const stats = async (image_id: number, cookie?: string) => {
    const res = await t.call(`/api/images/gallery-stats?image_id=${image_id}`, cookie ? { cookie } : {});
    expect(res.status).toBe(200);
    return res.json();
  };

  it('toggles one like per visitor and reports likes, approved comments and liked', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    await t.database.db
      .insertInto('image_comments')
      .values([{ image_id: id!, content: 'ok', status: 'approved' }, { image_id: id!, content: 'wait', status: 'pending' }])
      .execute();
    expect(await stats(id!)).toEqual({ ok: true, likes: 0, comments: 1, liked: false });

    // The lightbox loads the stats first, which issues the visitor cookie a like needs.
    const cookie = await visitorCookie(t, `/api/images/gallery-stats?image_id=${id}`);
    expect((await like(id)).status).toBe(409);
    const first = await like(id, cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, like_count: 1, comments: 1, user_liked: true });
    expect(await stats(id!, cookie)).toEqual({ ok: true, likes: 1, comments: 1, liked: true });
    expect(await stats(id!)).toEqual({ ok: true, likes: 1, comments: 1, liked: false });

    expect(await (await like(id, cookie)).json()).toEqual({ success: true, like_count: 0, comments: 1, user_liked: false });
    expect(await (await t.call('/api/images/gallery-like.php', { json: { image_id: id }, cookie })).json()).toMatchObject({ like_count: 1, user_liked: true });
    expect(t.rebuilds).toEqual([]);
  });

  it('stays consistent when one visitor sends 10 likes at once, and counts 20 visitors at once', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    const cookie = await visitorCookie(t, `/api/images/gallery-stats?image_id=${id}`);
    const responses = await Promise.all(Array.from({ length: 10 }, () => like(id, cookie)));
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
    const rows = await t.database.db.selectFrom('image_likes').selectAll().execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(await stats(id!, cookie)).toEqual({ ok: true, likes: rows.length, comments: 0, liked: rows.length === 1 });

    await t.database.db.deleteFrom('image_likes').execute();
    const visitors = await Promise.all(Array.from({ length: 20 }, () => visitorCookie(t, `/api/images/gallery-stats?image_id=${id}`)));
    await Promise.all(visitors.map((cookie) => like(id, cookie)));
    expect((await stats(id!)).likes).toBe(20);
  });

  it('answers 404 for an unknown image and 400 for a bad image_id', async () => {
    await expectError(like(999), 404, IMAGE_NOT_FOUND);
    await expectError(t.call('/api/images/gallery-stats?image_id=999'), 404, IMAGE_NOT_FOUND);
    await expectError(like('1'), 400, 'image_id must be a number');
    await expectError(like(undefined), 400, 'image_id is required');
    await expectError(t.call('/api/images/gallery-stats'), 400, 'image_id is required');
    await expectError(t.call("/api/images/gallery-stats?image_id=1'--"), 400, 'image_id must be a positive whole number');
    expect(await t.database.db.selectFrom('image_likes').selectAll().execute()).toEqual([]);
  });
});

describe('image comments: gallery-comment-create and gallery-comment-list', () => {
  const create = (json: Record<string, unknown>, ip?: string) => t.call('/api/images/gallery-comment-create', { json, ...(ip ? { ip } : {}) });
  const list = async (image_id: number) => {
    const res = await t.call(`/api/images/gallery-comment-list?image_id=${image_id}`);
    expect(res.status).toBe(200);
    return res.json();
  };
  const commentRows = () => t.database.db.selectFrom('image_comments').select(['image_id', 'author_name', 'content', 'status', 'ip_address']).execute();

  it('holds a comment for moderation, then lists it once approved, as plain text', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    const content = '  <script>alert("x")</script> lovely\'s wings  ';
    const res = await create({ image_id: id, author_name: '<b>Sam</b>', content }, '203.0.113.5');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: COMMENT_SUBMITTED });
    expect(await commentRows()).toEqual([{ image_id: id, author_name: '<b>Sam</b>', content: content.trim(), status: 'pending', ip_address: '203.0.113.5' }]);
    expect(await list(id!)).toEqual({ success: true, comments: [] });

    await t.database.db.updateTable('image_comments').set({ status: 'approved' }).execute();
    const { comments } = await list(id!);
    expect(comments).toEqual([{ id: expect.any(Number), author_name: '<b>Sam</b>', content: content.trim(), created_at: expect.any(String) }]);
    expect(new Date(comments[0].created_at).toISOString()).toBe(comments[0].created_at);
    expect(t.rebuilds).toEqual([]);
  });

  it("defaults the author to 'Anonymous' and stores nothing when the website trap is filled", async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    expect((await create({ image_id: id, content: 'hi', author_name: '  ' })).status).toBe(201);
    expect(await (await create({ image_id: id, content: 'spam', website: 'http://spam.example' })).json()).toEqual({ success: true, message: COMMENT_SUBMITTED });
    expect((await commentRows()).map((row) => [row.author_name, row.content])).toEqual([['Anonymous', 'hi']]);
  });

  it.each([
    [{ content: 'x' }, 'image_id is required'],
    [{ image_id: 1 }, 'content is required'],
    [{ image_id: 1, content: '   ' }, 'content must not be empty'],
    [{ image_id: 1, content: 'x'.repeat(1001) }, 'content is too long (at most 1000 characters)'],
    [{ image_id: 1, content: 'x', author_name: 'n'.repeat(101) }, 'author_name is too long (at most 100 characters)'],
    [{ image_id: 1, content: 'a\u0000b' }, 'content must not contain NUL characters'],
    [{ image_id: 1, chapter_id: 1, content: 'x' }, 'Unknown field: chapter_id'],
  ])('refuses %j with 400', async (json, error) => {
    await kit.insertImages(await kit.insertGallery(), {});
    await expectError(create(json), 400, error);
    expect(await commentRows()).toEqual([]);
  });

  it('accepts exactly 1000 characters and a 100-character name', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    expect((await create({ image_id: id, content: 'x'.repeat(1000), author_name: 'n'.repeat(100) })).status).toBe(201);
  });

  it('answers 404 for an unknown image', async () => {
    await expectError(create({ image_id: 999, content: 'x' }), 404, IMAGE_NOT_FOUND);
    await expectError(t.call('/api/images/gallery-comment-list?image_id=999'), 404, IMAGE_NOT_FOUND);
  });
});
