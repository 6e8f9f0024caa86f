import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { DEFAULT_COVER, DEFAULT_PAGE_BREAK } from '#lib/stories.ts';
import { refused, refusedField } from '#functions/chapters/test-kit.ts';

const t = useApiTestContext();

const STORY = {
  title: 'The Lantern Fleet',
  slug: 'the-lantern-fleet',
  description: 'A salvage pilot finds a derelict warship.',
  blurb: 'When **Ines** cracks open a derelict…',
  genres: ['Space Opera', 'Adventure'],
  primary_keywords: 'space opera, salvage',
  longtail_keywords: 'space opera web serial',
  target_audience: 'Adults',
  cover_image: 'uploads/covers/abc.webp',
  break_image: null,
  status: 'published',
};

async function createStory(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await t.call('/api/stories/create', { cookie, json: { ...STORY, ...overrides } });
  expect(res.status).toBe(201);
  return (await res.json()).story;
}

async function addChapter(storyId: number, chapter_number: number, status: 'draft' | 'published') {
  await t.database.db
    .insertInto('chapters')
    .values({ story_id: storyId, chapter_number, slug: `c${chapter_number}`, title: `C${chapter_number}`, content: 'Text.', status })
    .execute();
}

describe('POST /api/stories/create', () => {
  it.each(['admin', 'author'] as const)('lets %s create a story, normalising the cover path, and republishes', async (role) => {
    const cookie = await t.signedInAs(role);
    const story = await createStory(cookie);
    expect(story).toEqual({
      id: expect.any(Number),
      ...STORY,
      cover_image: '/api/uploads/covers/abc.webp',
      cover: '/api/uploads/covers/abc.webp',
      breakImage: DEFAULT_PAGE_BREAK,
      startIndex: 1,
      release_schedule: null,
      age_gate: true,
      next_release_at: null,
      chapter_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(t.rebuilds).toEqual(['story "the-lantern-fleet" created']);
  });

  it('needs only title and slug; the rest gets defaults (draft, default cover)', async () => {
    const cookie = await t.signedInAs('author');
    const res = await t.call('/api/stories/create.php', { cookie, json: { title: 'Salt', slug: 'salt' } });
    expect(res.status).toBe(201);
    expect((await res.json()).story).toMatchObject({
      status: 'draft',
      genres: [],
      description: '',
      cover_image: null,
      cover: DEFAULT_COVER,
      break_image: null,
    });
  });

  it('answers 401 anonymous and 403 for a mod, creating nothing', async () => {
    expect((await t.call('/api/stories/create', { json: STORY })).status).toBe(401);
    const res = await t.call('/api/stories/create', { cookie: await t.signedInAs('mod'), json: STORY });
    expect(res.status).toBe(403);
    expect(await t.database.db.selectFrom('stories').selectAll().execute()).toEqual([]);
  });

  it('answers 409 naming the slug when it is taken, also by ten parallel creates', async () => {
    const cookie = await t.signedInAs('admin');
    await createStory(cookie);
    const res = await t.call('/api/stories/create', { cookie, json: { ...STORY, title: 'Other' } });
    expect(res.status).toBe(409);
    const error = 'A story with the slug "the-lantern-fleet" already exists.';
    expect(await res.json()).toEqual({ success: false, error, fields: { slug: error } });

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => t.call('/api/stories/create', { cookie, json: { ...STORY, slug: 'race' } })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
  });

  it.each([
    ['no title', { title: undefined }, 'The title is required'],
    ['a blank title', { title: '   ' }, 'The title must not be empty'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'The title is too long (at most 200 characters)'],
    ['no slug', { slug: undefined }, 'The slug is required'],
    [
      'a slug with capitals',
      { slug: 'The-Fleet' },
      'The slug may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)',
    ],
    [
      'a traversal slug',
      { slug: '../etc' },
      'The slug may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)',
    ],
    ['an unknown status', { status: 'secret' }, 'The status must be one of: draft, published, archived'],
    [
      'an unknown genre',
      { genres: ['Space Opera', 'Cooking'] },
      'The genres must come from the list (such as Space Opera or High Fantasy)',
    ],
    ['genres as a string', { genres: 'Space Opera' }, 'The genres must be an array'],
    [
      'a javascript: cover',
      { cover_image: 'javascript:alert(1)' },
      'The cover image must be an uploaded image, a path on this site or an http(s) URL',
    ],
    [
      'a protocol-relative cover',
      { cover_image: '//evil.example/x.png' },
      'The cover image must be an uploaded image, a path on this site or an http(s) URL',
    ],
    ['a NUL byte', { description: 'a\u0000b' }, 'The description must not contain NUL characters'],
    ['an unknown field', { rating: 'X' }, 'Unknown field: rating'],
    ['a number as title', { title: 7 }, 'The title must be a string'],
  ])('refuses %s with 400 and writes nothing', async (_name, overrides, message) => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/stories/create', { cookie, json: { ...STORY, ...overrides } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refusedField(overrides, message));
    expect(await t.database.db.selectFrom('stories').selectAll().execute()).toEqual([]);
    expect(t.rebuilds).toEqual([]);
  });

  it('names every wrong field at once, each in the words of the form', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/stories/create', {
      cookie,
      json: { ...STORY, title: '', slug: 'Bad Slug', blurb: 'b'.repeat(20_001), cover_image: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      error: 'The title must not be empty',
      fields: {
        title: 'The title must not be empty',
        slug: 'The slug may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)',
        blurb: 'The blurb is too long (at most 20000 characters)',
        cover_image: 'The cover image must be an uploaded image, a path on this site or an http(s) URL',
      },
    });
  });

  it('stores markup and SQL quotes verbatim', async () => {
    const cookie = await t.signedInAs('admin');
    const title = `<script>alert(1)</script> Robert'); DROP TABLE stories;--`;
    const story = await createStory(cookie, { title, slug: 'bobby' });
    expect(story.title).toBe(title);
  });
});

describe('GET /api/stories/list', () => {
  it('lists only published stories for readers, with published chapter counts and start chapter', async () => {
    const cookie = await t.signedInAs('admin');
    const published = await createStory(cookie);
    await createStory(cookie, { slug: 'draft-one', status: 'draft' });
    await addChapter(published.id, 3, 'published');
    await addChapter(published.id, 2, 'draft');
    await addChapter(published.id, 5, 'published');

    const res = await t.call('/api/stories/list?status=published');
    expect(res.status).toBe(200);
    const { stories } = await res.json();
    expect(stories.map((s: { slug: string }) => s.slug)).toEqual(['the-lantern-fleet']);
    expect(stories[0]).toMatchObject({ chapter_count: 2, startIndex: 3 });
  });

  it('finds a published story by slug for anyone; a draft only for content staff', async () => {
    const cookie = await t.signedInAs('author');
    await createStory(cookie);
    await createStory(cookie, { slug: 'draft-one', status: 'draft' });
    const res = await t.call('/api/stories/list.php?slug=the-lantern-fleet');
    expect((await res.json()).stories).toHaveLength(1);
    expect((await t.call('/api/stories/list?slug=draft-one')).status).toBe(404);
    const staff = await t.call('/api/stories/list?slug=draft-one', { cookie });
    expect((await staff.json()).stories[0].status).toBe('draft');
    expect((await t.call('/api/stories/list?slug=nope')).status).toBe(404);
    expect((await t.call("/api/stories/list?slug=x'%20or%201=1--")).status).toBe(404);
  });

  it('lists every story with all chapters counted for content staff', async () => {
    const cookie = await t.signedInAs('author');
    const story = await createStory(cookie);
    await createStory(cookie, { slug: 'archived-one', status: 'archived' });
    await addChapter(story.id, 1, 'draft');
    const res = await t.call('/api/stories/list', { cookie });
    const { stories } = await res.json();
    expect(stories.map((s: { slug: string }) => s.slug).sort()).toEqual(['archived-one', 'the-lantern-fleet']);
    expect(stories.find((s: { slug: string }) => s.slug === 'the-lantern-fleet').chapter_count).toBe(1);
  });

  it('answers 401 and 403 for the full list and other statuses', async () => {
    expect((await t.call('/api/stories/list')).status).toBe(401);
    expect((await t.call('/api/stories/list?status=draft')).status).toBe(401);
    const mod = await t.signedInAs('mod');
    expect((await t.call('/api/stories/list', { cookie: mod })).status).toBe(403);
  });

  it.each([
    ['an unknown status', '?status=secret', 'status must be one of: draft, published, archived', 'status'],
    ['an unknown parameter', '?status=published&x=1', 'Unknown field: x', undefined],
    ['a NUL byte', '?slug=a%00b', 'slug must not contain NUL characters', 'slug'],
  ])('refuses %s with 400', async (_name, query, message, field) => {
    const res = await t.call(`/api/stories/list${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refused(message, field));
  });
});

describe('POST /api/stories/update', () => {
  it('changes only the fields given, keeps the slug, and republishes', async () => {
    const cookie = await t.signedInAs('author');
    const story = await createStory(cookie);
    const res = await t.call('/api/stories/update', {
      cookie,
      json: { id: story.id, title: 'Renamed', status: 'archived', cover_image: '' },
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()).story;
    expect(updated).toMatchObject({
      title: 'Renamed',
      slug: 'the-lantern-fleet',
      status: 'archived',
      cover_image: null,
      cover: DEFAULT_COVER,
    });
    expect(updated.genres).toEqual(STORY.genres);
    expect(t.rebuilds).toEqual(['story "the-lantern-fleet" created', 'story "the-lantern-fleet" updated']);
  });

  it('answers 409 for a slug another story has, but lets a story keep its own', async () => {
    const cookie = await t.signedInAs('admin');
    const first = await createStory(cookie);
    await createStory(cookie, { slug: 'second' });
    expect((await t.call('/api/stories/update', { cookie, json: { id: first.id, slug: 'the-lantern-fleet' } })).status).toBe(200);
    const res = await t.call('/api/stories/update', { cookie, json: { id: first.id, slug: 'second' } });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('A story with the slug "second" already exists.');
  });

  it('answers 404 for an unknown id, 400 for a bad id, 401 and 403', async () => {
    const cookie = await t.signedInAs('admin');
    const missing = await t.call('/api/stories/update', { cookie, json: { id: 999, title: 'x' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: 'Story not found.' });
    const bad = await t.call('/api/stories/update', { cookie, json: { id: 'one', title: 'x' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('id must be a number');
    expect((await t.call('/api/stories/update', { json: { id: 1 } })).status).toBe(401);
    expect((await t.call('/api/stories/update', { cookie: await t.signedInAs('mod'), json: { id: 1 } })).status).toBe(403);
  });
});

describe('POST /api/stories/delete', () => {
  it('deletes the story with all its chapters', async () => {
    const cookie = await t.signedInAs('author');
    const story = await createStory(cookie);
    await addChapter(story.id, 1, 'published');
    const res = await t.call('/api/stories/delete', { cookie, json: { id: story.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await t.database.db.selectFrom('chapters').selectAll().execute()).toEqual([]);
    expect(t.rebuilds).toContain('story deleted');
  });

  it('answers 404 for an unknown id and 401/403 without the right role', async () => {
    const cookie = await t.signedInAs('admin');
    expect((await t.call('/api/stories/delete', { cookie, json: { id: 42 } })).status).toBe(404);
    const huge = await t.call('/api/stories/delete', { cookie, json: { id: 2 ** 31 } });
    expect(huge.status).toBe(400); // beyond Postgres' integer range: refused, never a 500
    expect((await huge.json()).error).toBe('id must be at most 2147483647');
    expect((await t.call('/api/stories/delete', { json: { id: 42 } })).status).toBe(401);
    expect((await t.call('/api/stories/delete', { cookie: await t.signedInAs('mod'), json: { id: 42 } })).status).toBe(403);
  });
});
