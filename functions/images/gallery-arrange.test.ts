import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { expectError, FORBIDDEN, refused, SIGN_IN } from '#functions/chapters/test-kit.ts';
import { GALLERY_NOT_FOUND, IMAGE_NOT_FOUND, galleryTestKit, pngBytes, uploadImages } from './test-kit.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);

/** The gallery's image ids in the order the API lists them. */
async function order(galleryId: number): Promise<number[]> {
  const body = await (await t.call(`/api/images/gallery-list?gallery_id=${galleryId}&limit=100`)).json();
  return (body.images as { id: number }[]).map((image) => image.id);
}
let author = '';
beforeEach(async () => {
  author = await t.signedInAs('author');
});
const reorder = (json: object) => t.call('/api/images/gallery-reorder', { cookie: author, json });
const moveTo = (json: object) => t.call('/api/images/gallery-update', { cookie: author, json });
const NOT_BESIDE = 'The image to place it next to must be in the same gallery.';
const LONG_AGO = '2020-01-01T00:00:00.000Z';
/** Sets the galleries' updated_at in the past, to see a change move it on (the sitemap's lastmod). */
const backdate = (...ids: number[]) =>
  t.database.db
    .updateTable('galleries')
    .set({ updated_at: new Date(LONG_AGO) })
    .where('id', 'in', ids)
    .execute();
const updatedAt = async (id: number) =>
  (
    await t.database.db.selectFrom('galleries').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()
  ).updated_at.toISOString();

/** Five images inserted oldest first, so listed e, d, c, b, a (newest first while their places are equal). */
async function fiveImages() {
  const gallery = await kit.insertGallery();
  const [a, b, c, d, e] = (await kit.insertImages(gallery, {}, {}, {}, {}, {})) as [number, number, number, number, number];
  expect(await order(gallery)).toEqual([e, d, c, b, a]);
  return { gallery, a, b, c, d, e };
}

describe('POST /api/images/gallery-reorder', () => {
  it('puts an image right before or after another, numbers the gallery 1..n and republishes', async () => {
    const { gallery, a, b, c, d, e } = await fiveImages();
    await backdate(gallery);
    expect((await reorder({ id: a, before_id: d })).status).toBe(200);
    expect(await order(gallery)).toEqual([e, a, d, c, b]);
    expect(await (await reorder({ id: e, after_id: b })).json()).toEqual({ success: true });
    expect(await order(gallery)).toEqual([a, d, c, b, e]);
    expect((await reorder({ id: b, before_id: a })).status).toBe(200);
    expect(await order(gallery)).toEqual([b, a, d, c, e]);
    const places = await t.database.db.selectFrom('gallery_images').select(['id', 'sort_order']).orderBy('sort_order').execute();
    expect(places).toEqual([b, a, d, c, e].map((id, i) => ({ id, sort_order: i + 1 })));
    expect(t.rebuilds).toEqual(Array(3).fill('gallery images reordered'));
    expect(await updatedAt(gallery)).not.toBe(LONG_AGO);
  });

  it('moves across the admin pages of a large gallery, and a new upload still goes first', async () => {
    const gallery = await kit.insertGallery();
    const ids = await kit.insertImages(gallery, ...Array.from({ length: 150 }, () => ({})));
    const oldest = ids[0]!; // last on the second page of 100
    expect((await reorder({ id: oldest, before_id: ids.at(-1)! })).status).toBe(200);
    const body = await (await t.call(`/api/images/gallery-list?gallery_id=${gallery}&limit=100`)).json();
    expect(body.images[0].id).toBe(oldest);
    const uploaded = await (await uploadImages(t, author, gallery, [{ name: 'new.png', bytes: await pngBytes() }])).json();
    expect((await order(gallery)).slice(0, 2)).toEqual([uploaded.images[0].id, oldest]);
  });

  it.each([
    [{ id: 1 }, 'Send exactly one of before_id and after_id.'],
    [{ id: 1, before_id: 2, after_id: 3 }, 'Send exactly one of before_id and after_id.'],
    [{ id: 1, before_id: 1 }, 'An image cannot go next to itself.'],
    [{ before_id: 1 }, 'id is required'],
    [{ id: 1, before_id: 'x' }, 'The image to go before must be a number'],
    [{ id: 1, after_id: 0 }, 'The image to go after must be a positive whole number'],
    [{ id: 1, after_id: 2, position: 3 }, 'Unknown field: position'],
  ])('refuses %j with 400', async (json, error) => {
    await expectError(reorder(json), 400, error);
  });

  it('refuses a place beside an image of another gallery or an unknown one (400, naming the field)', async () => {
    const { gallery, a, b, c, d, e } = await fiveImages();
    const [elsewhere] = await kit.insertImages(await kit.insertGallery('other'), {});
    await expectError(reorder({ id: a, before_id: elsewhere! }), 400, refused(NOT_BESIDE, 'before_id'));
    await expectError(reorder({ id: a, after_id: 999 }), 400, refused(NOT_BESIDE, 'after_id'));
    expect(await order(gallery)).toEqual([e, d, c, b, a]);
    expect(t.rebuilds).toEqual([]);
  });

  it('answers 404 for an unknown image, 401 anonymous, 403 for a moderator', async () => {
    const { a, b } = await fiveImages();
    await expectError(reorder({ id: 999, before_id: a }), 404, IMAGE_NOT_FOUND);
    await expectError(t.call('/api/images/gallery-reorder', { json: { id: a, before_id: b } }), 401, SIGN_IN);
    const cookie = await t.signedInAs('mod');
    await expectError(t.call('/api/images/gallery-reorder', { cookie, json: { id: a, before_id: b } }), 403, FORBIDDEN);
    expect(t.rebuilds).toEqual([]);
  });

  it('applies moves sent at the same moment one after the other, each image once, each beside its target', async () => {
    const { gallery, a, b, c, d, e } = await fiveImages();
    const answers = await Promise.all([reorder({ id: a, before_id: e }), reorder({ id: c, after_id: b }), reorder({ id: d, after_id: e })]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const final = await order(gallery);
    expect([...final].sort()).toEqual([a, b, c, d, e].sort());
    expect(final.indexOf(a)).toBeLessThan(final.indexOf(e));
    expect(final.indexOf(c)).toBe(final.indexOf(b) + 1);
    expect(final.indexOf(d)).toBe(final.indexOf(e) + 1);
  });
});

describe('arranging at the same moment', () => {
  it('never fails: moves both ways, reorders, hero choices and deletes run one after the other', async () => {
    const { gallery, a, b, c, d, e } = await fiveImages();
    const other = await kit.insertGallery('other');
    const [x, y] = (await kit.insertImages(other, {}, {})) as [number, number];
    const hero = (id: number, heroId: number) => t.call('/api/galleries/update', { cookie: author, json: { id, hero_image_id: heroId } });
    const answers = await Promise.all([
      moveTo({ id: a, gallery_id: other }),
      moveTo({ id: x, gallery_id: gallery }),
      reorder({ id: b, before_id: e }),
      reorder({ id: y, after_id: x }),
      hero(gallery, a),
      hero(other, x),
      moveTo({ id: c, gallery_id: other }),
      t.call('/api/images/gallery-delete', { cookie: author, json: { id: d } }),
      reorder({ id: e, after_id: d }),
    ]);
    for (const res of answers) expect([200, 400, 404]).toContain(res.status);
    const [here, there] = [await order(gallery), await order(other)];
    expect([...here, ...there].sort()).toEqual([a, b, c, e, x, y].sort());
    const galleries = (await (await t.call('/api/galleries/list')).json()).galleries as { id: number; hero_image_id: number | null }[];
    for (const { id, hero_image_id } of galleries) {
      if (hero_image_id !== null) expect(id === gallery ? here : there).toContain(hero_image_id);
    }
  });
});

describe('POST /api/images/gallery-update with gallery_id', () => {
  it('moves the image to the other gallery, first there, with its likes; it stops being the old hero', async () => {
    const { gallery, a, b, c, d, e } = await fiveImages();
    const target = await kit.insertGallery('target');
    await backdate(gallery, target);
    const [there] = await kit.insertImages(target, {});
    await t.database.db.updateTable('galleries').set({ hero_image_id: c }).where('id', '=', gallery).execute();
    await t.database.db.insertInto('image_likes').values({ image_id: c, visitor_key: 'v' }).execute();
    const res = await moveTo({ id: c, gallery_id: target, title: 'Moved' });
    expect(res.status).toBe(200);
    expect((await res.json()).image).toMatchObject({ id: c, gallery_id: target, title: 'Moved', like_count: 1 });
    expect(await order(target)).toEqual([c, there]);
    expect(await order(gallery)).toEqual([e, d, b, a]);
    const galleries = (await (await t.call('/api/galleries/list')).json()).galleries as Record<string, unknown>[];
    expect(galleries.find((g) => g['id'] === gallery)).toMatchObject({ hero_image_id: null, image_count: 4, like_count: 0 });
    expect(galleries.find((g) => g['id'] === target)).toMatchObject({ image_count: 2, like_count: 1 });
    expect(t.rebuilds).toEqual(['gallery image updated']);
    expect([await updatedAt(gallery), await updatedAt(target)]).not.toContain(LONG_AGO);
  });

  it('keeps the place of an image "moved" to its own gallery', async () => {
    const { gallery, a, b, c, d, e } = await fiveImages();
    expect((await moveTo({ id: c, gallery_id: gallery })).status).toBe(200);
    expect(await order(gallery)).toEqual([e, d, c, b, a]);
  });

  it('answers 404 for an unknown gallery (nothing changes) or image, 400 for a bad gallery_id, 401 and 403', async () => {
    const { gallery, a } = await fiveImages();
    await expectError(moveTo({ id: a, gallery_id: 999, title: 'Not saved' }), 404, GALLERY_NOT_FOUND);
    expect(await t.database.db.selectFrom('gallery_images').select(['gallery_id', 'title']).where('id', '=', a).executeTakeFirst()).toEqual(
      {
        gallery_id: gallery,
        title: null,
      },
    );
    await expectError(moveTo({ id: 999, gallery_id: gallery }), 404, IMAGE_NOT_FOUND);
    await expectError(moveTo({ id: a, gallery_id: 'x' }), 400, 'The gallery must be a number');
    await expectError(moveTo({ id: a, gallery_id: null }), 400, 'The gallery must be a number');
    await expectError(t.call('/api/images/gallery-update', { json: { id: a, gallery_id: gallery } }), 401, SIGN_IN);
    const cookie = await t.signedInAs('mod');
    await expectError(t.call('/api/images/gallery-update', { cookie, json: { id: a, gallery_id: gallery } }), 403, FORBIDDEN);
    expect(t.rebuilds).toEqual([]);
  });

  it('moves one image to two galleries at once: it ends in one of them, first there, never in both', async () => {
    const { gallery, a, b } = await fiveImages();
    const [one, two] = [await kit.insertGallery('one'), await kit.insertGallery('two')];
    const answers = await Promise.all([
      moveTo({ id: a, gallery_id: one }),
      moveTo({ id: a, gallery_id: two }),
      reorder({ id: a, after_id: b }),
    ]);
    expect(answers.map((res) => res.status).slice(0, 2)).toEqual([200, 200]);
    expect([200, 400]).toContain(answers[2]!.status); // b is no longer beside it once a move came first
    const [inOne, inTwo] = [await order(one), await order(two)];
    expect([...inOne, ...inTwo]).toEqual([a]);
    expect(await order(gallery)).not.toContain(a);
  });
});
