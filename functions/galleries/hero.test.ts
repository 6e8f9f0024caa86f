import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { expectError, FORBIDDEN, refused, SIGN_IN } from '#functions/chapters/test-kit.ts';
import { GALLERY_NOT_FOUND, galleryTestKit } from '#functions/images/test-kit.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);
const NOT_ITS_IMAGE = 'The hero image must be an image of this gallery.';

let author = '';
beforeEach(async () => {
  author = await t.signedInAs('author');
});
const update = (json: object) => t.call('/api/galleries/update', { cookie: author, json });
async function listed(id: number) {
  const { galleries } = await (await t.call('/api/galleries/list')).json();
  return (galleries as Record<string, unknown>[]).find((gallery) => gallery['id'] === id);
}

/** A gallery of three images: the first (newest) is 300×200, the chosen one will be the tall oldest. */
async function galleryOfThree() {
  const id = await kit.insertGallery();
  const [tall, , first] = (await kit.insertImages(
    id,
    { width: 400, height: 1200, thumb: '/api/uploads/galleries/1/tall-480.webp' },
    {},
    { width: 300, height: 200, thumb: '/api/uploads/galleries/1/first-480.webp' },
  )) as [number, number, number];
  return { id, tall, first };
}

describe('POST /api/galleries/update with hero_image_id', () => {
  it('shows the chosen image as the hero on the list and in the answer; null goes back to the first image', async () => {
    const { id, tall } = await galleryOfThree();
    expect(await listed(id)).toMatchObject({ hero_image_id: null, hero_thumb: '/api/uploads/galleries/1/first-480.webp', hero_width: 300 });
    const res = await update({ id, hero_image_id: tall });
    expect(res.status).toBe(200);
    const chosen = { hero_image_id: tall, hero_thumb: '/api/uploads/galleries/1/tall-480.webp', hero_width: 400, hero_height: 1200 };
    expect((await res.json()).gallery).toMatchObject(chosen);
    expect(await listed(id)).toMatchObject(chosen);
    // Other fields leave the hero alone.
    expect((await (await update({ id, title: 'Renamed' })).json()).gallery).toMatchObject(chosen);
    expect((await (await update({ id, hero_image_id: null })).json()).gallery).toMatchObject({ hero_image_id: null, hero_width: 300 });
    expect(t.rebuilds).toEqual(['gallery "field-studies" updated', 'gallery "field-studies" updated', 'gallery "field-studies" updated']);
  });

  it('falls back to the first image when the hero is deleted', async () => {
    const { id, tall } = await galleryOfThree();
    await update({ id, hero_image_id: tall });
    expect((await t.call('/api/images/gallery-delete', { cookie: author, json: { id: tall } })).status).toBe(200);
    expect(await listed(id)).toMatchObject({ hero_image_id: null, hero_width: 300, image_count: 2 });
  });

  it("refuses another gallery's image or an unknown one, naming the field, and changes nothing", async () => {
    const { id } = await galleryOfThree();
    const [elsewhere] = await kit.insertImages(await kit.insertGallery('other'), {});
    await expectError(update({ id, hero_image_id: elsewhere, title: 'Not saved' }), 400, refused(NOT_ITS_IMAGE, 'hero_image_id'));
    await expectError(update({ id, hero_image_id: 999 }), 400, refused(NOT_ITS_IMAGE, 'hero_image_id'));
    expect(await listed(id)).toMatchObject({ title: 'Title of field-studies', hero_image_id: null });
    expect(t.rebuilds).toEqual([]);
  });

  it.each([
    [{ id: 1, hero_image_id: 'x' }, 'The hero image must be a number'],
    [{ id: 1, hero_image_id: 0 }, 'The hero image must be a positive whole number'],
    [{ id: 1, hero_image_id: 1.5 }, 'The hero image must be a whole number'],
  ])('refuses %j with 400', async (json, error) => {
    await kit.insertGallery();
    await expectError(update(json), 400, error);
  });

  it('answers 404 for an unknown gallery, 401 anonymous, 403 for a moderator', async () => {
    const { id, tall } = await galleryOfThree();
    await expectError(update({ id: 999, hero_image_id: tall }), 404, GALLERY_NOT_FOUND);
    await expectError(t.call('/api/galleries/update', { json: { id, hero_image_id: tall } }), 401, SIGN_IN);
    const mod = await t.signedInAs('mod');
    await expectError(t.call('/api/galleries/update', { cookie: mod, json: { id, hero_image_id: tall } }), 403, FORBIDDEN);
    expect(await listed(id)).toMatchObject({ hero_image_id: null });
  });

  it('never ends with a hero from another gallery when the image moves at the same moment', async () => {
    const { id, tall } = await galleryOfThree();
    const other = await kit.insertGallery('other');
    const move = t.call('/api/images/gallery-update', { cookie: author, json: { id: tall, gallery_id: other } });
    const [chosen, moved] = await Promise.all([update({ id, hero_image_id: tall }), move]);
    expect(moved.status).toBe(200);
    expect([200, 400]).toContain(chosen.status);
    expect(await listed(id)).toMatchObject({ hero_image_id: null, hero_width: 300 });
  });
});
