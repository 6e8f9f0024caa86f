import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { CHAPTER_LIMITS } from '#lib/limits.ts';
import { CHAPTER_NOT_FOUND, chapterTestKit, expectError, FORBIDDEN, refusedField, SIGN_IN, STORY_NOT_FOUND } from './test-kit.ts';

const t = useApiTestContext();
/** What a chapter without notes or warnings answers. */
const NO_NOTES = { note_before: '', note_after: '', content_warnings: [] };
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);
describe('GET /api/chapters/list for readers (story_slug)', () => {
  it('lists the published chapters of a published story in number order, with likes and approved comments', async () => {
    const storyId = await insertStory();
    const [three, , one] = await insertChapters(
      storyId,
      { chapter_number: 3 },
      { chapter_number: 2, status: 'draft' },
      { chapter_number: 1, title: 'Arrival', slug: 'arrival' },
    );
    await t.database.db
      .insertInto('chapter_likes')
      .values([
        { chapter_id: one!, visitor_key: 'a' },
        { chapter_id: one!, visitor_key: 'b' },
        { chapter_id: three!, visitor_key: 'a' },
      ])
      .execute();
    await t.database.db
      .insertInto('chapter_comments')
      .values([
        { chapter_id: one!, content: 'Approved', status: 'approved' },
        { chapter_id: one!, content: 'Pending', status: 'pending' },
        { chapter_id: one!, content: 'Rejected', status: 'rejected' },
        { chapter_id: three!, content: 'Also approved', status: 'approved' },
        { chapter_id: three!, content: 'Also approved', status: 'approved' },
      ])
      .execute();

    const res = await t.call('/api/chapters/list?story_slug=the-lantern-fleet');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      total: 2,
      page: 1,
      limit: 20,
      chapters: [
        {
          id: one,
          chapter_number: 1,
          title: 'Arrival',
          slug: 'arrival',
          status: 'published',
          like_count: 2,
          comment_count: 1,
          updated_at: expect.any(String),
          release_at: null,
          ...NO_NOTES,
          published_at: null,
          word_count: 4,
        },
        expect.objectContaining({ id: three, chapter_number: 3, like_count: 1, comment_count: 2 }),
      ],
    });
    expect(body.chapters[1]).not.toHaveProperty('content');
  });

  it('pages with page and limit, reporting the total of published chapters', async () => {
    const storyId = await insertStory();
    await insertChapters(storyId, ...Array.from({ length: 25 }, (_, i) => ({ chapter_number: i + 1 })), {
      chapter_number: 26,
      status: 'draft',
    });
    const numbers = async (query: string) => {
      const res = await t.call(`/api/chapters/list.php?story_slug=the-lantern-fleet${query}`);
      expect(res.status).toBe(200);
      const { chapters, total, page, limit } = await res.json();
      return { numbers: chapters.map((c: { chapter_number: number }) => c.chapter_number), total, page, limit };
    };
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(await numbers('')).toEqual({ numbers: range(1, 20), total: 25, page: 1, limit: 20 });
    expect(await numbers('&page=2')).toEqual({ numbers: range(21, 25), total: 25, page: 2, limit: 20 });
    expect(await numbers('&page=3&limit=10')).toEqual({ numbers: range(21, 25), total: 25, page: 3, limit: 10 });
    expect(await numbers('&page=9')).toEqual({ numbers: [], total: 25, page: 9, limit: 20 });
    expect(await numbers('&limit=1000')).toEqual({ numbers: range(1, 25), total: 25, page: 1, limit: 1000 });
  });

  it('serves one published chapter by number with its content', async () => {
    const storyId = await insertStory();
    const [id] = await insertChapters(storyId, { chapter_number: 4, content: '# Heading\n\n<b>bold</b> text' });
    await t.database.db.insertInto('chapter_likes').values({ chapter_id: id!, visitor_key: 'v' }).execute();
    const res = await t.call('/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=4');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      total: 1,
      page: 1,
      limit: 1,
      chapters: [
        {
          id,
          story_id: storyId,
          chapter_number: 4,
          title: 'Chapter 4',
          slug: 'chapter-4',
          status: 'published',
          content: '# Heading\n\n<b>bold</b> text',
          like_count: 1,
          comment_count: 0,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          release_at: null,
          ...NO_NOTES,
          published_at: null,
          word_count: 3,
        },
      ],
    });
  });

  it('answers 404 for a draft or unknown chapter, and for a draft, archived or unknown story', async () => {
    const published = await insertStory();
    await insertChapters(published, { chapter_number: 1, status: 'draft' });
    for (const [slug, status] of [
      ['draft-story', 'draft'],
      ['archived-story', 'archived'],
    ] as const) {
      await insertChapters(await insertStory(slug, status), { chapter_number: 1 });
    }
    await expectError(t.call('/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=1'), 404, CHAPTER_NOT_FOUND);
    await expectError(t.call('/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=2'), 404, CHAPTER_NOT_FOUND);
    for (const slug of ['draft-story', 'archived-story', 'nope', "x'%20or%201=1--"]) {
      await expectError(t.call(`/api/chapters/list?story_slug=${slug}`), 404, STORY_NOT_FOUND);
      await expectError(t.call(`/api/chapters/list?story_slug=${slug}&chapter_number=1`), 404, STORY_NOT_FOUND);
    }
  });
});

describe('GET /api/chapters/list for staff (story_id)', () => {
  it.each(['admin', 'author'] as const)('lists every chapter with a 200-character preview for %s', async (role) => {
    const cookie = await t.signedInAs(role);
    const storyId = await insertStory('draft-story', 'draft');
    const long = `${'é'.repeat(150)}${'x'.repeat(150)}`;
    await insertChapters(storyId, { chapter_number: 2, status: 'draft', content: long }, { chapter_number: 1, content: 'Short.' });
    const res = await t.call(`/api/chapters/list?story_id=${storyId}`, { cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, total: 2, page: 1, limit: 1000 });
    expect(body.chapters.map((c: { chapter_number: number; status: string }) => [c.chapter_number, c.status])).toEqual([
      [1, 'published'],
      [2, 'draft'],
    ]);
    expect(body.chapters[0].preview).toBe('Short.');
    expect(body.chapters[1].preview).toBe(long.slice(0, 200));
    expect(body.chapters[1]).not.toHaveProperty('content');
  });

  it('honours limit and serves one chapter, a draft too, with its full content', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const content = 'y'.repeat(5000);
    await insertChapters(storyId, { chapter_number: 1 }, { chapter_number: 2 }, { chapter_number: 3, status: 'draft', content });
    const limited = await (await t.call(`/api/chapters/list?story_id=${storyId}&limit=2`, { cookie })).json();
    expect(limited).toMatchObject({ total: 3, limit: 2 });
    expect(limited.chapters).toHaveLength(2);

    const res = await t.call(`/api/chapters/list?story_id=${storyId}&chapter_number=3`, { cookie });
    expect(res.status).toBe(200);
    const { chapters } = await res.json();
    expect(chapters).toEqual([expect.objectContaining({ chapter_number: 3, status: 'draft', content })]);
    await expectError(t.call(`/api/chapters/list?story_id=${storyId}&chapter_number=4`, { cookie }), 404, CHAPTER_NOT_FOUND);
    await expectError(t.call(`/api/chapters/list?story_id=999`, { cookie }), 404, STORY_NOT_FOUND);
  });

  it('answers 401 anonymous and 403 for a mod', async () => {
    const storyId = await insertStory();
    await expectError(t.call(`/api/chapters/list?story_id=${storyId}`), 401, SIGN_IN);
    const mod = await t.signedInAs('mod');
    await expectError(t.call(`/api/chapters/list?story_id=${storyId}`, { cookie: mod }), 403, FORBIDDEN);
    await expectError(t.call(`/api/chapters/list?story_id=${storyId}&chapter_number=1`, { cookie: mod }), 403, FORBIDDEN);
  });
});

describe('GET /api/chapters/list validation', () => {
  it.each([
    ['neither story_slug nor story_id', '', 'Give either story_slug or story_id.'],
    ['only a page', '?page=1', 'Give either story_slug or story_id.'],
    ['both story_slug and story_id', '?story_slug=a&story_id=1', 'Give either story_slug or story_id.'],
    ['page 0', '?story_slug=a&page=0', 'page must be at least 1'],
    ['limit 0', '?story_slug=a&limit=0', 'limit must be at least 1'],
    ['limit 1001', '?story_slug=a&limit=1001', 'limit must be at most 1000'],
    ['a non-numeric page', '?story_slug=a&page=two', 'page must be a whole number'],
    ['a negative limit', '?story_slug=a&limit=-5', 'limit must be a whole number'],
    ['a fractional chapter number', '?story_slug=a&chapter_number=1.5', 'chapter_number must be a whole number'],
    ['a non-numeric story_id', '?story_id=abc', 'story_id must be a whole number'],
    ['a huge story_id', '?story_id=99999999999', 'story_id must be a whole number'],
    ['an unknown parameter', '?story_slug=a&sort=desc', 'Unknown field: sort'],
    ['a NUL byte', '?story_slug=a%00b', 'story_slug must not contain NUL characters'],
  ])('refuses %s with 400', async (_name, query, message) => {
    await expectError(t.call(`/api/chapters/list${query}`), 400, message);
  });
});

const CHAPTER = { title: 'The Gate', slug: 'the-gate', content: 'The gate opened.', chapter_number: 3 };

describe('POST /api/chapters/create', () => {
  it.each(['admin', 'author'] as const)('lets %s create a draft chapter and republishes', async (role) => {
    const cookie = await t.signedInAs(role);
    const story_id = await insertStory();
    const res = await t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      success: true,
      chapter: {
        id: expect.any(Number),
        story_id,
        ...CHAPTER,
        status: 'draft',
        like_count: 0,
        comment_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        release_at: null,
        ...NO_NOTES,
        published_at: null,
        word_count: 3,
      },
    });
    expect(t.rebuilds).toEqual(['chapter 3 created']);
    expect(await chapterRows()).toEqual([expect.objectContaining({ story_id, ...CHAPTER, status: 'draft' })]);
  });

  it('stores a published chapter, markup and SQL quotes verbatim, at .php too', async () => {
    const cookie = await t.signedInAs('admin');
    const story_id = await insertStory();
    const content = `<script>alert(1)</script>\n\nRobert'); DROP TABLE chapters;--\n\n../../etc/passwd`;
    const res = await t.call('/api/chapters/create.php', { cookie, json: { ...CHAPTER, story_id, content, status: 'published' } });
    expect(res.status).toBe(201);
    expect((await res.json()).chapter).toMatchObject({ content, status: 'published' });
    const reader = await t.call('/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=3');
    expect((await reader.json()).chapters[0].content).toBe(content);
  });

  it('answers 404 for an unknown story', async () => {
    const cookie = await t.signedInAs('admin');
    await expectError(t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id: 999 } }), 404, STORY_NOT_FOUND);
    expect(await chapterRows()).toEqual([]);
  });

  it('answers 400 naming a number the story already uses, and 409 naming a taken slug', async () => {
    const cookie = await t.signedInAs('author');
    const story_id = await insertStory();
    await insertChapters(story_id, { chapter_number: 3, slug: 'first' }, { chapter_number: 4, slug: 'the-gate' });
    await expectError(
      t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id, slug: 'new-slug' } }),
      400,
      'Chapter 3 is already used in this story.',
    );
    await expectError(
      t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id, chapter_number: 5 } }),
      409,
      'A chapter with the slug "the-gate" already exists in this story.',
    );
    expect(await chapterRows()).toHaveLength(2);
    expect(t.rebuilds).toEqual([]);
  });

  it('allows the same number and slug in another story', async () => {
    const cookie = await t.signedInAs('admin');
    await insertChapters(await insertStory('first-story'), { chapter_number: 3, slug: 'the-gate' });
    const story_id = await insertStory('second-story');
    expect((await t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id } })).status).toBe(201);
  });

  it('refuses invalid input with 400 naming the problem, writing nothing', async () => {
    const cookie = await t.signedInAs('admin');
    const story_id = await insertStory();
    const cases: [Record<string, unknown>, string][] = [
      [{ chapter_number: 0 }, 'The chapter number must be at least 1'],
      [{ chapter_number: 1.5 }, 'The chapter number must be a whole number'],
      [{ chapter_number: '3' }, 'The chapter number must be a number'],
      [{ chapter_number: 100_001 }, 'The chapter number must be at most 100000'],
      [{ chapter_number: undefined }, 'The chapter number is required'],
      [{ content: ' \n\t ' }, 'The content must not be empty'],
      [{ content: 'x'.repeat(CHAPTER_LIMITS.content + 1) }, 'The content is too long (at most 500000 characters)'],
      [{ title: '   ' }, 'The title must not be empty'],
      [{ title: 't'.repeat(201) }, 'The title is too long (at most 200 characters)'],
      [{ slug: '../the-gate' }, 'The slug may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)'],
      [{ status: 'archived' }, 'The status must be one of: draft, published'],
      [{ story_id: undefined }, 'The story is required'],
      [{ story_id: '1' }, 'The story must be a number'],
      [{ like_count: 5 }, 'Unknown field: like_count'],
      [{ content: 'a\u0000b' }, 'The content must not contain NUL characters'],
    ];
    for (const [overrides, error] of cases) {
      const res = await t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id, ...overrides } });
      expect({ overrides, status: res.status, body: await res.json() }).toEqual({
        overrides,
        status: 400,
        body: refusedField(overrides, error),
      });
    }
    // A chapter of exactly the maximum length is fine.
    const longest = await t.call('/api/chapters/create', {
      cookie,
      json: { ...CHAPTER, story_id, content: 'x'.repeat(CHAPTER_LIMITS.content) },
    });
    expect(longest.status).toBe(201);
    expect(await chapterRows()).toHaveLength(1);
    expect(t.rebuilds).toEqual(['chapter 3 created']);
  });

  it('answers 401 anonymous and 403 for a mod, writing nothing', async () => {
    const story_id = await insertStory();
    await expectError(t.call('/api/chapters/create', { json: { ...CHAPTER, story_id } }), 401, SIGN_IN);
    const cookie = await t.signedInAs('mod');
    await expectError(t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id } }), 403, FORBIDDEN);
    expect(await chapterRows()).toEqual([]);
  });

  it('lets exactly one of ten parallel creates with the same number win', async () => {
    const cookie = await t.signedInAs('author');
    const story_id = await insertStory();
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.call('/api/chapters/create', { cookie, json: { ...CHAPTER, story_id, slug: `racer-${i}` } })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(400)]);
    const error = 'Chapter 3 is already used in this story.';
    for (const res of racing.filter((r) => r.status === 400)) {
      expect(await res.json()).toEqual({ success: false, error, fields: { chapter_number: error } });
    }
    expect(await chapterRows()).toHaveLength(1);
  });
});

describe('POST /api/chapters/update', () => {
  it('changes only the fields given and republishes', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const [id] = await insertChapters(storyId, { chapter_number: 1, status: 'draft' });
    const [before] = await chapterRows();
    const res = await t.call('/api/chapters/update', { cookie, json: { id, title: 'Renamed', status: 'published' } });
    expect(res.status).toBe(200);
    const { chapter } = await res.json();
    expect(chapter).toMatchObject({
      id,
      title: 'Renamed',
      status: 'published',
      chapter_number: 1,
      slug: 'chapter-1',
      content: 'Text of chapter 1.',
    });
    expect(Date.parse(chapter.updated_at)).toBeGreaterThanOrEqual(before!.updated_at.getTime());
    expect(t.rebuilds).toEqual(['chapter 1 updated']);

    const moved = await t.call('/api/chapters/update.php', {
      cookie,
      json: { id, chapter_number: 7, slug: 'seven', content: 'New text.' },
    });
    expect((await moved.json()).chapter).toMatchObject({ chapter_number: 7, slug: 'seven', content: 'New text.', title: 'Renamed' });
    expect(t.rebuilds).toEqual(['chapter 1 updated', 'chapter 7 updated']);
  });

  it("refuses another chapter's number (400) or slug (409), but lets a chapter keep its own", async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    const [first] = await insertChapters(storyId, { chapter_number: 1 }, { chapter_number: 2 });
    await insertChapters(await insertStory('other-story'), { chapter_number: 5, slug: 'elsewhere' });
    await expectError(
      t.call('/api/chapters/update', { cookie, json: { id: first, chapter_number: 2 } }),
      400,
      'Chapter 2 is already used in this story.',
    );
    await expectError(
      t.call('/api/chapters/update', { cookie, json: { id: first, slug: 'chapter-2' } }),
      409,
      'A chapter with the slug "chapter-2" already exists in this story.',
    );
    const same = await t.call('/api/chapters/update', { cookie, json: { id: first, chapter_number: 1, slug: 'chapter-1', title: 'Kept' } });
    expect(same.status).toBe(200);
    // Numbers and slugs of other stories do not count.
    const elsewhere = await t.call('/api/chapters/update', { cookie, json: { id: first, chapter_number: 5, slug: 'elsewhere' } });
    expect(elsewhere.status).toBe(200);
    expect((await chapterRows()).map((c) => [c.chapter_number, c.slug, c.title])).toEqual([
      [2, 'chapter-2', 'Chapter 2'],
      [5, 'elsewhere', 'Kept'],
      [5, 'elsewhere', 'Chapter 5'],
    ]);
  });

  it('answers 404 for an unknown id and 400 for invalid fields', async () => {
    const cookie = await t.signedInAs('admin');
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1 });
    await expectError(t.call('/api/chapters/update', { cookie, json: { id: 999, title: 'x' } }), 404, CHAPTER_NOT_FOUND);
    await expectError(t.call('/api/chapters/update', { cookie, json: { title: 'x' } }), 400, 'id is required');
    await expectError(
      t.call('/api/chapters/update', { cookie, json: { id, chapter_number: 0 } }),
      400,
      'The chapter number must be at least 1',
    );
    await expectError(t.call('/api/chapters/update', { cookie, json: { id, content: '  ' } }), 400, 'The content must not be empty');
    await expectError(t.call('/api/chapters/update', { cookie, json: { id, story_id: 2 } }), 400, 'Unknown field: story_id');
    expect(t.rebuilds).toEqual([]);
  });

  it('answers 401 anonymous and 403 for a mod, changing nothing', async () => {
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1 });
    await expectError(t.call('/api/chapters/update', { json: { id, title: 'x' } }), 401, SIGN_IN);
    const cookie = await t.signedInAs('mod');
    await expectError(t.call('/api/chapters/update', { cookie, json: { id, title: 'x' } }), 403, FORBIDDEN);
    expect((await chapterRows())[0]?.title).toBe('Chapter 1');
  });
});

describe('POST /api/chapters/delete', () => {
  it('deletes the chapter with its likes and comments and republishes', async () => {
    const cookie = await t.signedInAs('author');
    const [id, kept] = await insertChapters(await insertStory(), { chapter_number: 1 }, { chapter_number: 2 });
    await t.database.db.insertInto('chapter_likes').values({ chapter_id: id!, visitor_key: 'v' }).execute();
    await t.database.db.insertInto('chapter_comments').values({ chapter_id: id!, content: 'Hi' }).execute();
    const res = await t.call('/api/chapters/delete.php', { cookie, json: { id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await chapterRows()).map((c) => c.id)).toEqual([kept]);
    expect(await t.database.db.selectFrom('chapter_likes').selectAll().execute()).toEqual([]);
    expect(await t.database.db.selectFrom('chapter_comments').selectAll().execute()).toEqual([]);
    expect(t.rebuilds).toEqual(['chapter deleted']);
    await expectError(t.call('/api/chapters/delete', { cookie, json: { id } }), 404, CHAPTER_NOT_FOUND);
  });

  it('answers 404 for an unknown id, 400 for a bad one, 401 and 403', async () => {
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1 });
    await expectError(t.call('/api/chapters/delete', { json: { id } }), 401, SIGN_IN);
    const mod = await t.signedInAs('mod');
    await expectError(t.call('/api/chapters/delete', { cookie: mod, json: { id } }), 403, FORBIDDEN);
    const cookie = await t.signedInAs('admin');
    await expectError(t.call('/api/chapters/delete', { cookie, json: { id: 42 } }), 404, CHAPTER_NOT_FOUND);
    await expectError(t.call('/api/chapters/delete', { cookie, json: { id: 'one' } }), 400, 'id must be a number');
    expect(await chapterRows()).toHaveLength(1);
    expect(t.rebuilds).toEqual([]);
  });
});
