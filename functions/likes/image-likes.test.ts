import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { expectError } from '#functions/chapters/test-kit.ts';
import { galleryTestKit, IMAGE_NOT_FOUND } from '#functions/images/test-kit.ts';
import { visitorCookie } from './test-kit.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);

describe('image likes: gallery-like and gallery-stats', () => {
  const like = (image_id: unknown, cookie?: string) =>
    t.call('/api/images/gallery-like', { json: { image_id }, ...(cookie ? { cookie } : {}) });
  const stats = async (image_id: number, cookie?: string) => {
    const res = await t.call(`/api/images/gallery-stats?image_id=${image_id}`, cookie ? { cookie } : {});
    expect(res.status).toBe(200);
    return res.json();
  };

  it('toggles one like per visitor and reports likes, approved comments and liked', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    await t.database.db
      .insertInto('image_comments')
      .values([
        { image_id: id!, content: 'ok', status: 'approved' },
        { image_id: id!, content: 'wait', status: 'pending' },
      ])
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
    expect(await (await t.call('/api/images/gallery-like.php', { json: { image_id: id }, cookie })).json()).toMatchObject({
      like_count: 1,
      user_liked: true,
    });
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
