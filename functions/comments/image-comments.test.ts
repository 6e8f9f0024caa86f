import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { expectError } from '#functions/chapters/test-kit.ts';
import { galleryTestKit, IMAGE_NOT_FOUND } from '#functions/images/test-kit.ts';
import { COMMENT_SUBMITTED } from './routes.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);

describe('image comments: gallery-comment-create and gallery-comment-list', () => {
  const create = (json: Record<string, unknown>, ip?: string) =>
    t.call('/api/images/gallery-comment-create', { json, ...(ip ? { ip } : {}) });
  const list = async (image_id: number) => {
    const res = await t.call(`/api/images/gallery-comment-list?image_id=${image_id}`);
    expect(res.status).toBe(200);
    return res.json();
  };
  const commentRows = () =>
    t.database.db.selectFrom('image_comments').select(['image_id', 'author_name', 'content', 'status', 'ip_address']).execute();

  it('holds a comment for moderation, then lists it once approved, as plain text', async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    const content = '  <script>alert("x")</script> lovely\'s wings  ';
    const res = await create({ image_id: id, author_name: '<b>Sam</b>', content }, '203.0.113.5');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: COMMENT_SUBMITTED });
    expect(await commentRows()).toEqual([
      { image_id: id, author_name: '<b>Sam</b>', content: content.trim(), status: 'pending', ip_address: '203.0.113.5' },
    ]);
    expect(await list(id!)).toEqual({ success: true, comments: [] });

    await t.database.db.updateTable('image_comments').set({ status: 'approved' }).execute();
    const { comments } = await list(id!);
    expect(comments).toEqual([
      { id: expect.any(Number), author_name: '<b>Sam</b>', content: content.trim(), created_at: expect.any(String) },
    ]);
    expect(new Date(comments[0].created_at).toISOString()).toBe(comments[0].created_at);
    expect(t.rebuilds).toEqual([]);
  });

  it("defaults the author to 'Anonymous' and stores nothing when the website trap is filled", async () => {
    const [id] = await kit.insertImages(await kit.insertGallery(), {});
    expect((await create({ image_id: id, content: 'hi', author_name: '  ' })).status).toBe(201);
    expect(await (await create({ image_id: id, content: 'spam', website: 'http://spam.example' })).json()).toEqual({
      success: true,
      message: COMMENT_SUBMITTED,
    });
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
