import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { expectError, FORBIDDEN, SIGN_IN } from '#functions/chapters/test-kit.ts';
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
    const ids = await kit.insertImages(gallery, ...Array.from({ length: 25 }, (_, i) => ({ title: `Image ${i}` })));
    const first = await listImages(`gallery_id=${gallery}`);
    expect(first).toMatchObject({ total: 25, page: 1, limit: 20 });
    expect(first.images.map((image) => image['id'])).toEqual(ids.slice().reverse().slice(0, 20));
    expect(Object.keys(first.images[0]!).sort()).toEqual(
      [
        'id',
        'gallery_id',
        'src',
        'thumb',
        'thumb_2x',
        'placeholder',
        'title',
        'stored_title',
        'original_name',
        'alt_text',
        'prompt',
        'parameters',
        'checkpoint',
        'loras',
        'lora_weights',
        'settings',
        'generator',
        'made_with',
        'width',
        'height',
        'like_count',
        'comment_count',
        'created_at',
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
    await expectError(
      t.call('/api/images/gallery-update', { json: { id, title: 'x' }, cookie: await t.signedInAs('mod') }),
      403,
      FORBIDDEN,
    );
    await expectError(
      t.call('/api/images/gallery-update', { json: { id: 999, title: 'x' }, cookie: await t.signedInAs('author') }),
      404,
      IMAGE_NOT_FOUND,
    );
    expect(t.rebuilds).toEqual([]);
  });
});

describe('POST /api/images/gallery-delete', () => {
  it('deletes the row and its three files, and the gallery counts follow', async () => {
    const storage = recordStorage(t);
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const png = await pngBytes();
    const uploaded = await (
      await uploadImages(t, cookie, gallery, [
        { name: 'a.png', bytes: png },
        { name: 'b.png', bytes: png },
      ])
    ).json();
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
