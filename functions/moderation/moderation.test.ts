// The Moderation Manager's calls. Who may call them: functions/roles.test.ts.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { expectError } from '#functions/chapters/test-kit.ts';
import { galleryTestKit } from '#functions/images/test-kit.ts';
import { insertReaderChapters } from '#functions/likes/test-kit.ts';

const t = useApiTestContext();

/** A chapter comment and an image comment posted by readers, as the public routes store them. */
async function readerComments() {
  const { published } = await insertReaderChapters(t);
  const kit = galleryTestKit(t);
  const [imageId] = await kit.insertImages(await kit.insertGallery('field-studies'), { title: 'Winged' });
  const post = (path: string, json: object, ip: string) => t.call(path, { ip, json });
  expect(
    (await post('/api/chapters/comments/create', { chapter_id: published, author_name: 'Vera', content: 'On the chapter' }, '203.0.113.5'))
      .status,
  ).toBe(201);
  expect((await post('/api/images/gallery-comment-create', { image_id: imageId, content: 'On the image' }, '2001:db8::7')).status).toBe(
    201,
  );
  const ids = async (table: 'chapter_comments' | 'image_comments') =>
    (await t.database.db.selectFrom(table).select('id').execute()).map((r) => r.id);
  return {
    chapterId: published,
    imageId: imageId!,
    chapterCommentId: (await ids('chapter_comments'))[0]!,
    imageCommentId: (await ids('image_comments'))[0]!,
  };
}

async function json(response: Promise<Response>, status = 200) {
  const res = await response;
  expect(res.status).toBe(status);
  return res.json();
}

/** Moderate and ban-ip answer errors as plain text. */
async function expectText(response: Promise<Response>, status: number, text: string | RegExp) {
  const res = await response;
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const body = await res.text();
  if (typeof text === 'string') expect(body).toBe(text);
  else expect(body).toMatch(text);
}

describe('GET /api/admin/comments/list', () => {
  it('lists chapter and image comments newest first, with where they are and their state', async () => {
    const { chapterCommentId, imageCommentId, imageId } = await readerComments();
    const cookie = await t.signedInAs('mod');
    const body = await json(t.call('/api/admin/comments/list', { cookie }));
    expect(body).toEqual({
      success: true,
      total: 2,
      page: 1,
      limit: 500,
      comments: [
        {
          id: imageCommentId,
          author_name: 'Anonymous',
          author_email: null,
          ip_address: '2001:db8::7',
          comment_type: 'image',
          content_title: 'Winged',
          content_link: `/galleries/field-studies/?image=${imageId}`,
          content_context: 'Title of field-studies · Winged',
          is_approved: 0,
          status: 'pending',
          held_reason: null,
          content: 'On the image',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        {
          id: chapterCommentId,
          author_name: 'Vera',
          author_email: null,
          ip_address: '203.0.113.5',
          comment_type: 'chapter',
          content_title: 'Chapter 1',
          content_link: '/storytime/story/the-lantern-fleet/chapter/1/',
          content_context: 'the-lantern-fleet · Chapter 1: Chapter 1',
          is_approved: 0,
          status: 'pending',
          held_reason: null,
          content: 'On the chapter',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
    expect(imageCommentId).not.toBe(chapterCommentId); // one id space for both tables
  });

  it('names an untitled image by its file name without the extension, as the gallery shows it', async () => {
    const { imageId } = await readerComments();
    await t.database.db
      .updateTable('gallery_images')
      .set({ title: null, original_name: 'Neon alley.v2.png' })
      .where('id', '=', imageId)
      .execute();
    const cookie = await t.signedInAs('author');
    const [image] = (await json(t.call('/api/admin/comments/list?type=images', { cookie }))).comments;
    expect(image).toMatchObject({ content_title: 'Neon alley.v2', content_context: 'Title of field-studies · Neon alley.v2' });
  });

  it('filters by status and by type, as the .php path too', async () => {
    const { chapterCommentId, imageCommentId } = await readerComments();
    await t.database.db.updateTable('image_comments').set({ status: 'approved' }).execute();
    const cookie = await t.signedInAs('author');
    const ids = async (query: string) =>
      (await json(t.call(`/api/admin/comments/list.php${query}`, { cookie }))).comments.map((c: { id: number }) => c.id);
    expect(await ids('?status=approved')).toEqual([imageCommentId]);
    expect(await ids('?status=pending')).toEqual([chapterCommentId]);
    expect(await ids('?status=rejected')).toEqual([]);
    expect(await ids('?type=images')).toEqual([imageCommentId]);
    expect(await ids('?type=stories')).toEqual([chapterCommentId]);
    expect(await ids('?type=stories&status=approved')).toEqual([]);
    const [approved] = (await json(t.call('/api/admin/comments/list?status=approved', { cookie }))).comments;
    expect(approved).toMatchObject({ is_approved: 1, status: 'approved' });
  });

  it('pages through the comments with page and limit', async () => {
    const { published } = await insertReaderChapters(t);
    const created = (minute: number) => `2026-11-25T12:0${minute}:00Z`;
    await t.database.db
      .insertInto('chapter_comments')
      .values([0, 1, 2, 3, 4].map((m) => ({ chapter_id: published, content: `At ${m}`, created_at: created(m) })))
      .execute();
    const cookie = await t.signedInAs('admin');
    const page = async (query: string) => json(t.call(`/api/admin/comments/list${query}`, { cookie }));
    expect(await page('?limit=2')).toMatchObject({ total: 5, page: 1, limit: 2, comments: [{ content: 'At 4' }, { content: 'At 3' }] });
    expect(await page('?limit=2&page=3')).toMatchObject({ total: 5, comments: [{ content: 'At 0' }] });
    expect((await page('?limit=2&page=4')).comments).toEqual([]);
  });

  it('keeps markup in names and text as text', async () => {
    const { chapterId } = await readerComments();
    const author_name = '<img src=x onerror=alert(1)>';
    const content = `<script>alert("x")</script> '); drop table chapter_comments; --`;
    await t.call('/api/chapters/comments/create', { ip: '203.0.113.9', json: { chapter_id: chapterId, author_name, content } });
    const { comments } = await json(t.call('/api/admin/comments/list', { cookie: await t.signedInAs('mod') }));
    expect(comments[0]).toMatchObject({ author_name, content });
  });

  it.each([
    ['?status=deleted', 'status must be one of: pending, approved, rejected'],
    ['?type=chapters', 'type must be one of: images, stories'],
    ['?limit=0', 'limit must be a positive whole number'],
    ['?limit=501', 'limit must be at most 500'],
    ['?page=-1', 'page must be a positive whole number'],
    ['?page=1%00', 'page must not contain NUL characters'],
    ["?status=pending'--", 'status must be one of: pending, approved, rejected'],
    ['?sort=asc', 'Unknown field: sort'],
  ])('refuses the query %j with 400', async (query, error) => {
    await expectError(t.call(`/api/admin/comments/list${query}`, { cookie: await t.signedInAs('mod') }), 400, error);
  });
});

describe('POST /api/admin/comments/moderate', () => {
  const moderate = (cookie: string, json: unknown) => t.call('/api/admin/comments/moderate', { cookie, json });
  const publicComments = async (chapterId: number) =>
    (await json(t.call(`/api/chapters/comments/list?chapter_id=${chapterId}`))).comments.map(
      (c: { comment_text: string }) => c.comment_text,
    );
  const stats = async (cookie: string) => (await json(t.call('/api/admin/mod-stats', { cookie }))).stats;

  it('approves a pending comment: readers see it at once, and no rebuild is needed', async () => {
    const { chapterId, chapterCommentId } = await readerComments();
    const cookie = await t.signedInAs('mod');
    expect(await json(moderate(cookie, { id: chapterCommentId, action: 'approve' }))).toEqual({
      success: true,
      id: chapterCommentId,
      status: 'approved',
    });
    expect(await publicComments(chapterId)).toEqual(['On the chapter']);
    expect(t.rebuilds).toEqual([]);
  });

  it('refuses to approve an approved comment with 409, as plain text', async () => {
    const { imageCommentId } = await readerComments();
    const cookie = await t.signedInAs('author');
    await json(t.call('/api/admin/comments/moderate.php', { cookie, json: { id: imageCommentId, action: 'approve' } }));
    await expectText(moderate(cookie, { id: imageCommentId, action: 'approve' }), 409, 'This comment is already approved.');
  });

  it('rejects a comment: hidden from readers, kept and counted as rejected', async () => {
    const { chapterId, chapterCommentId } = await readerComments();
    const cookie = await t.signedInAs('admin');
    await json(moderate(cookie, { id: chapterCommentId, action: 'approve' }));
    expect(await json(moderate(cookie, { id: chapterCommentId, action: 'reject' }))).toEqual({
      success: true,
      id: chapterCommentId,
      status: 'rejected',
    });
    expect(await publicComments(chapterId)).toEqual([]);
    expect(await stats(cookie)).toEqual({ pending_comments: 1, approved_comments: 0, rejected_comments: 1, banned_ips: 0 });
    await expectText(moderate(cookie, { id: chapterCommentId, action: 'reject' }), 409, 'This comment is already rejected.');
    // A rejected comment may still be approved after all.
    expect(await json(moderate(cookie, { id: chapterCommentId, action: 'approve' }))).toMatchObject({ status: 'approved' });
    expect(t.rebuilds).toEqual([]);
  });

  it('deletes any comment, of either kind', async () => {
    const { chapterCommentId, imageCommentId } = await readerComments();
    const cookie = await t.signedInAs('mod');
    await json(moderate(cookie, { id: imageCommentId, action: 'approve' }));
    for (const id of [chapterCommentId, imageCommentId]) {
      expect(await json(moderate(cookie, { id, action: 'delete' }))).toEqual({ success: true, id, status: 'deleted' });
    }
    expect(await stats(cookie)).toEqual({ pending_comments: 0, approved_comments: 0, rejected_comments: 0, banned_ips: 0 });
    await expectText(moderate(cookie, { id: chapterCommentId, action: 'delete' }), 404, 'Comment not found.');
  });

  it('answers 404 as plain text for an unknown comment', async () => {
    const cookie = await t.signedInAs('mod');
    for (const action of ['approve', 'reject', 'delete'])
      await expectText(moderate(cookie, { id: 424242, action }), 404, 'Comment not found.');
  });

  it('ends a race between approve and delete of one comment with the comment gone and no 500', async () => {
    const { chapterCommentId } = await readerComments();
    const cookie = await t.signedInAs('mod');
    const responses = await Promise.all([
      moderate(cookie, { id: chapterCommentId, action: 'approve' }),
      moderate(cookie, { id: chapterCommentId, action: 'delete' }),
      moderate(cookie, { id: chapterCommentId, action: 'approve' }),
    ]);
    const statuses = responses.map((res) => res.status);
    expect(statuses[1]).toBe(200); // the delete always wins in the end
    expect(statuses.every((s) => [200, 404, 409].includes(s))).toBe(true);
    expect([statuses[0], statuses[2]].filter((s) => s === 200).length).toBeLessThanOrEqual(1); // approved once at most
    expect(await t.database.db.selectFrom('chapter_comments').selectAll().execute()).toEqual([]);
  });

  it.each([
    [{ id: 1 }, 'action must be one of: approve, reject, delete'],
    [{ action: 'approve' }, 'id is required'],
    [{ id: 1, action: 'ban' }, 'action must be one of: approve, reject, delete'],
    [{ id: '1', action: 'approve' }, 'id must be a number'],
    [{ id: 0, action: 'approve' }, 'id must be a positive whole number'],
    [{ id: 2 ** 31, action: 'approve' }, 'id must be at most 2147483647'],
    [{ id: 1, action: 'approve\u0000' }, 'action must not contain NUL characters'],
    [{ id: 1, action: 'approve', comment_type: 'image' }, 'Unknown field: comment_type'],
  ])('refuses %j with 400 as plain text', async (body, error) => {
    await expectText(moderate(await t.signedInAs('mod'), body), 400, error);
  });

  it('answers sign-in and role refusals as plain text too', async () => {
    await expectText(t.call('/api/admin/comments/moderate', { json: { id: 1, action: 'approve' } }), 401, 'Please sign in to continue.');
  });
});

describe('POST /api/admin/ban-ip', () => {
  const banIp = (cookie: string, json: unknown) => t.call('/api/admin/ban-ip', { cookie, json });

  it('bans an address and names who banned it', async () => {
    const cookie = await t.signedInAs('mod');
    const body = await json(banIp(cookie, { ip_address: ' 203.0.113.5 ', reason: 'Spam/inappropriate content' }), 201);
    expect(body).toEqual({
      success: true,
      banned_ip: {
        id: expect.any(Number),
        ip_address: '203.0.113.5',
        reason: 'Spam/inappropriate content',
        banned_by: expect.any(Number),
        banned_by_username: 'mod-user',
        banned_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
  });

  it.each([
    ['2001:0DB8:0000::0001', '2001:db8::1'],
    ['::ffff:198.51.100.9', '198.51.100.9'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['2001:db8:aa::/48', '2001:db8:aa::/48'],
    ['198.51.100.7/32', '198.51.100.7'],
  ])('stores %j as %j', async (ip_address, stored) => {
    const body = await json(banIp(await t.signedInAs('author'), { ip_address }), 201);
    expect(body.banned_ip).toMatchObject({ ip_address: stored, reason: '' });
  });

  it('answers a second ban of the same address, however written, with 409 as plain text', async () => {
    const cookie = await t.signedInAs('admin');
    await json(banIp(cookie, { ip_address: '2001:db8::1' }), 201);
    await expectText(banIp(cookie, { ip_address: '2001:DB8:0::1', reason: 'again' }), 409, "IP address '2001:db8::1' is already banned.");
    expect(await t.database.db.selectFrom('banned_ips').selectAll().execute()).toHaveLength(1);
  });

  it('keeps a hostile reason as text', async () => {
    const reason = `<script>alert(1)</script> '); drop table banned_ips; --`;
    await json(banIp(await t.signedInAs('mod'), { ip_address: '203.0.113.5', reason }), 201);
    const { banned_ips } = await json(
      t.call('/api/admin/banned-ips/list', { cookie: await t.signIn('mod-user', 'correct horse battery') }),
    );
    expect(banned_ips[0].reason).toBe(reason);
  });

  it.each([
    [{ ip_address: 'not-an-ip' }, "IP address 'not-an-ip' is not a valid IPv4 or IPv6 address."],
    [{ ip_address: '256.1.1.1' }, "IP address '256.1.1.1' is not a valid IPv4 or IPv6 address."],
    [{ ip_address: "1.2.3.4' or '1'='1" }, "IP address '1.2.3.4' or '1'='1' is not a valid IPv4 or IPv6 address."],
    [{ ip_address: '0.0.0.0/0' }, "IP address '0.0.0.0/0' is too wide a range (IPv4 ranges need a prefix of at least /8)."],
    [{ ip_address: '1.2.3.4/40' }, "IP address '1.2.3.4/40' has an invalid prefix length (IPv4: 0 to 32)."],
    [{ ip_address: '' }, 'IP address is required.'],
    [{ ip_address: '   ' }, 'IP address is required.'],
    [{}, 'The IP address is required'],
    [{ ip_address: 42 }, 'The IP address must be a string'],
    [{ ip_address: '1'.repeat(101) }, 'The IP address is too long (at most 100 characters)'],
    [{ ip_address: '1.2.3.4\u0000' }, 'The IP address must not contain NUL characters'],
    [{ ip_address: '1.2.3.4', reason: 'r'.repeat(501) }, 'The reason is too long (at most 500 characters)'],
    [{ ip_address: '1.2.3.4', by: 'me' }, 'Unknown field: by'],
  ])('refuses %j with 400 as plain text, naming the problem', async (body, error) => {
    await expectText(banIp(await t.signedInAs('mod'), body), 400, error);
    expect(await t.database.db.selectFrom('banned_ips').selectAll().execute()).toEqual([]);
  });
});

describe('unban-ip, banned-ips/list and mod-stats', () => {
  it('lists bans newest first with who banned them, lifts one, and 404s an unknown id', async () => {
    const cookie = await t.signedInAs('admin');
    const first = (await json(t.call('/api/admin/ban-ip', { cookie, json: { ip_address: '203.0.113.5', reason: 'one' } }), 201)).banned_ip;
    const second = (await json(t.call('/api/admin/ban-ip.php', { cookie, json: { ip_address: '203.0.113.6' } }), 201)).banned_ip;
    expect(await json(t.call('/api/admin/banned-ips/list.php', { cookie }))).toEqual({ success: true, banned_ips: [second, first] });
    expect(await json(t.call('/api/admin/unban-ip', { cookie, json: { id: first.id } }))).toEqual({ success: true });
    expect((await json(t.call('/api/admin/banned-ips/list', { cookie }))).banned_ips).toEqual([second]);
    await expectError(t.call('/api/admin/unban-ip', { cookie, json: { id: first.id } }), 404, 'No ban with this id.');
    await expectError(t.call('/api/admin/unban-ip', { cookie, json: { id: 'x' } }), 400, 'id must be a number');
    await expectError(t.call('/api/admin/unban-ip', { cookie, json: {} }), 400, 'id is required');
  });

  it("keeps a ban when its author's account is removed, naming no one", async () => {
    const cookie = await t.signedInAs('mod');
    await json(t.call('/api/admin/ban-ip', { cookie, json: { ip_address: '203.0.113.5' } }), 201);
    await t.database.db.deleteFrom('users').execute();
    const admin = await t.signedInAs('admin');
    expect((await json(t.call('/api/admin/banned-ips/list', { cookie: admin }))).banned_ips).toMatchObject([
      { banned_by: null, banned_by_username: null },
    ]);
  });

  it('counts comments by status and the bans', async () => {
    await readerComments();
    await t.database.db.updateTable('image_comments').set({ status: 'approved' }).execute();
    const cookie = await t.signedInAs('mod');
    await json(t.call('/api/admin/ban-ip', { cookie, json: { ip_address: '203.0.113.0/24' } }), 201);
    expect(await json(t.call('/api/admin/mod-stats.php', { cookie }))).toEqual({
      success: true,
      stats: { pending_comments: 1, approved_comments: 1, rejected_comments: 0, banned_ips: 1 },
    });
  });
});
