import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { BANNED_ADDRESS_MESSAGE } from '#core/guards.ts';
import { CHAPTER_NOT_FOUND, expectError, refusedField } from '#functions/chapters/test-kit.ts';
import { INVALID_ID_FIELDS, INVALID_ID_PARAMS, insertReaderChapters } from '#functions/likes/test-kit.ts';

const t = useApiTestContext();

const SUBMITTED = { success: true, message: 'Comment submitted successfully! It will appear once it has been approved.' };

const submit = (json: Record<string, unknown>, ip?: string) => t.call('/api/chapters/comments/create', { json, ...(ip ? { ip } : {}) });
const listComments = (chapterId: number) => t.call(`/api/chapters/comments/list?chapter_id=${chapterId}`);
const commentRows = () =>
  t.database.db
    .selectFrom('chapter_comments')
    .select(['chapter_id', 'author_name', 'content', 'ip_address', 'status'])
    .orderBy('id')
    .execute();

async function expectSubmitted(response: Response | Promise<Response>) {
  const res = await response;
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual(SUBMITTED);
}

describe('POST /api/chapters/comments/create', () => {
  it('stores a pending comment with the trimmed text, name and client address, without a rebuild', async () => {
    const { published } = await insertReaderChapters(t);
    const json = { chapter_id: published, author_name: '  Vera  ', content: '  Loved the gate scene.\n', website: '' };
    await expectSubmitted(submit(json, '203.0.113.5'));
    expect(await commentRows()).toEqual([
      { chapter_id: published, author_name: 'Vera', content: 'Loved the gate scene.', ip_address: '203.0.113.5', status: 'pending' },
    ]);
    expect(t.rebuilds).toEqual([]); // comments are loaded live
  });

  it("names a comment without a name 'Anonymous'", async () => {
    const { published } = await insertReaderChapters(t);
    for (const [index, name] of [{}, { author_name: '' }, { author_name: '   ' }, { author_name: null }].entries()) {
      await expectSubmitted(submit({ chapter_id: published, content: `Hi ${index}`, ...name }));
    }
    expect((await commentRows()).map((row) => row.author_name)).toEqual(Array(4).fill('Anonymous'));
  });

  it('stores markup and SQL verbatim (pages render comments as text)', async () => {
    const { published } = await insertReaderChapters(t);
    const author_name = '<img src=x onerror=alert(1)>';
    const content = "<script>alert('x')</script> '); drop table chapter_comments; --";
    await expectSubmitted(submit({ chapter_id: published, author_name, content }));
    expect(await commentRows()).toMatchObject([{ author_name, content }]);
  });

  it('accepts the limits exactly: 1000 characters of text, 100 of name', async () => {
    const { published } = await insertReaderChapters(t);
    await expectSubmitted(submit({ chapter_id: published, author_name: 'n'.repeat(100), content: ` ${'c'.repeat(1000)} ` }));
    expect(await commentRows()).toMatchObject([{ author_name: 'n'.repeat(100), content: 'c'.repeat(1000) }]);
  });

  it('answers a filled-in spam trap exactly like a success and stores nothing', async () => {
    const { published } = await insertReaderChapters(t);
    await expectSubmitted(submit({ chapter_id: published, content: 'Cheap pills', website: 'http://spam.example' }));
    expect(await commentRows()).toEqual([]);
  });

  it('refuses invalid input with 400 naming the problem, storing nothing', async () => {
    const { published } = await insertReaderChapters(t);
    const cases: [Record<string, unknown>, string][] = [
      ...INVALID_ID_FIELDS.map(([chapter_id, error]): [Record<string, unknown>, string] => [{ chapter_id }, error]),
      [{ content: undefined }, 'content is required'],
      [{ content: '' }, 'content must not be empty'],
      [{ content: ' \n\t ' }, 'content must not be empty'],
      [{ content: 'c'.repeat(1001) }, 'content is too long (at most 1000 characters)'],
      [{ content: 42 }, 'content must be a string'],
      [{ author_name: 'n'.repeat(101) }, 'author_name is too long (at most 100 characters)'],
      [{ author_name: 7 }, 'author_name must be a string'],
      [{ comment_text: 'Hi' }, 'Unknown field: comment_text'],
      [{ content: 'a\u0000b' }, 'content must not contain NUL characters'],
    ];
    for (const [overrides, error] of cases) {
      const res = await submit({ chapter_id: published, content: 'Hi', ...overrides });
      expect({ overrides, status: res.status, body: await res.json() }).toEqual({
        overrides,
        status: 400,
        body: refusedField(overrides, error),
      });
    }
    expect(await commentRows()).toEqual([]);
  });

  it('answers 404 for a chapter readers cannot see, storing nothing', async () => {
    const { hidden } = await insertReaderChapters(t);
    for (const chapter_id of Object.values(hidden)) await expectError(submit({ chapter_id, content: 'Hi' }), 404, CHAPTER_NOT_FOUND);
    expect(await commentRows()).toEqual([]);
  });

  it('answers at create.php too', async () => {
    const { published } = await insertReaderChapters(t);
    const res = await t.call('/api/chapters/comments/create.php', { json: { chapter_id: published, content: 'Hi' } });
    await expectSubmitted(res);
    expect(await commentRows()).toHaveLength(1);
  });

  it('refuses a banned address with 403 and stores nothing (the reader-write suite covers every route)', async () => {
    const { published } = await insertReaderChapters(t);
    await t.database.db.insertInto('banned_ips').values({ ip_address: '198.51.100.9', reason: 'spam' }).execute();
    await expectError(submit({ chapter_id: published, content: 'Hi' }, '198.51.100.9'), 403, BANNED_ADDRESS_MESSAGE);
    expect(await commentRows()).toEqual([]);
  });
});

describe('GET /api/chapters/comments/list', () => {
  it("lists the chapter's approved comments only, oldest first, with the text as comment_text", async () => {
    const { published, hidden } = await insertReaderChapters(t);
    const comment = (content: string, status: 'pending' | 'approved' | 'rejected', created_at: string, chapter_id = published) => ({
      chapter_id,
      content,
      status,
      created_at,
      author_name: `${content} author`,
    });
    const rows = await t.database.db
      .insertInto('chapter_comments')
      .values([
        comment('Second', 'approved', '2026-03-02T10:00:00Z'),
        comment('First', 'approved', '2026-03-01T10:00:00Z'),
        comment('Waiting', 'pending', '2026-03-01T09:00:00Z'),
        comment('Refused', 'rejected', '2026-03-01T08:00:00Z'),
        comment('Elsewhere', 'approved', '2026-03-01T07:00:00Z', hidden['a draft chapter']),
      ])
      .returning('id')
      .execute();
    const res = await listComments(published);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      comments: [
        { id: rows[1]!.id, author_name: 'First author', comment_text: 'First', created_at: '2026-03-01T10:00:00.000Z' },
        { id: rows[0]!.id, author_name: 'Second author', comment_text: 'Second', created_at: '2026-03-02T10:00:00.000Z' },
      ],
    });
  });

  it('shows a submitted comment only once it is approved, markup and all, verbatim', async () => {
    const { published } = await insertReaderChapters(t);
    const content = '<b>bold</b> & "quoted" \'); --';
    await expectSubmitted(submit({ chapter_id: published, content }));
    expect(await (await listComments(published)).json()).toEqual({ success: true, comments: [] });
    await t.database.db.updateTable('chapter_comments').set({ status: 'approved' }).execute();
    const { comments } = await (await t.call(`/api/chapters/comments/list.php?chapter_id=${published}`)).json();
    expect(comments).toMatchObject([{ author_name: 'Anonymous', comment_text: content }]);
  });

  it('answers 404 for a chapter readers cannot see', async () => {
    const { hidden } = await insertReaderChapters(t);
    for (const id of Object.values(hidden)) await expectError(listComments(id), 404, CHAPTER_NOT_FOUND);
  });

  it.each(INVALID_ID_PARAMS)('refuses the query %j with 400', async (query, error) => {
    await expectError(t.call(`/api/chapters/comments/list${query}`), 400, error);
  });
});
