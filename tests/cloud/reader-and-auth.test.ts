// The API in workerd, over HTTP: sign-in, the reader's calls (stories, chapters, likes, comments,
// analytics) and the author's writes, on the Neon driver and a real PostgreSQL.
import { describe, expect, it } from 'vitest';
import { sessionCookieFrom } from '#scripts/test/session.ts';
import { ADMIN, answer, call, signInAsAdmin } from './client.ts';

const STORY = 'the-lantern-fleet'; // demo content seeded by scripts/cloud/run.ts

async function publishedChapterId(number: number): Promise<number> {
  const { body } = await answer(call(`/api/chapters/list?story_slug=${STORY}&chapter_number=${number}`));
  return body.chapters[0].id;
}

describe('auth', () => {
  it('login, me, logout; the logged-out cookie no longer works', async () => {
    expect(await answer(call('/api/auth/me'))).toEqual({ status: 401, body: { success: false, error: 'Not signed in.' } });
    const wrong = await answer(call('/api/auth/login', { json: { ...ADMIN, password: 'not-the-password' } }));
    expect(wrong).toMatchObject({ status: 401, body: { success: false } });

    const login = await call('/api/auth/login', { json: ADMIN });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    const cookie = sessionCookieFrom(login);
    expect(await answer(call('/api/auth/me', { cookie }))).toMatchObject({
      status: 200,
      body: { success: true, user: { username: 'admin', role: 'admin' } },
    });
    expect(await answer(call('/api/auth/me.php', { cookie }))).toMatchObject({ status: 200 }); // the PHP-era path too

    expect(await answer(call('/api/auth/logout', { method: 'POST', cookie }))).toEqual({ status: 200, body: { success: true } });
    expect((await call('/api/auth/me', { cookie })).status).toBe(401);
  });

  it('refuses a malformed login with 400 and an SQL-quoted name as wrong credentials', async () => {
    expect(await answer(call('/api/auth/login', { json: { username: 'admin', password: 1 } }))).toMatchObject({
      status: 400,
      body: { success: false },
    });
    expect((await call('/api/auth/login', { json: { username: "admin' OR '1'='1", password: 'x'.repeat(8) } })).status).toBe(401);
  });
});

describe('stories and chapters', () => {
  it('reads the published demo story and its chapters', async () => {
    const list = await answer(call('/api/stories/list?status=published'));
    expect(list.status).toBe(200);
    expect(list.body.stories.map((story: { slug: string }) => story.slug)).toContain(STORY);
    const chapters = await answer(call(`/api/chapters/list?story_slug=${STORY}`));
    expect(chapters.status).toBe(200);
    expect(chapters.body.chapters.length).toBeGreaterThan(0);
    expect(await answer(call('/api/stories/list?slug=no-such-story'))).toMatchObject({ status: 404, body: { success: false } });
  });

  it('an author creates a story and a chapter; anonymous and invalid writes are refused', async () => {
    const cookie = await signInAsAdmin();
    const anonymous = await call('/api/stories/create', { json: { title: 'Nope', slug: 'nope' } });
    expect(anonymous.status).toBe(401);

    const slug = `cloud-story-${Date.now()}`;
    const story = await answer(
      call('/api/stories/create', { cookie, json: { title: `<script>alert(1)</script> "Quotes' story`, slug, status: 'published' } }),
    );
    expect(story).toMatchObject({ status: 201, body: { success: true } });
    const storyId = story.body.story.id;
    expect(storyId).toEqual(expect.any(Number));

    const invalid = await answer(
      call('/api/chapters/create', { cookie, json: { story_id: storyId, title: '', slug: 'x', content: 'x', chapter_number: 1 } }),
    );
    expect(invalid).toMatchObject({ status: 400, body: { success: false } });
    const chapter = await answer(
      call('/api/chapters/create', {
        cookie,
        json: {
          story_id: storyId,
          title: 'First Light',
          slug: 'first-light',
          content: "It's *here*.\n\n'; DROP TABLE chapters; --",
          chapter_number: 1,
          status: 'published',
        },
      }),
    );
    expect(chapter).toMatchObject({ status: 201, body: { success: true, chapter: { title: 'First Light', status: 'published' } } });

    const read = await answer(call(`/api/chapters/list?story_slug=${slug}&chapter_number=1`));
    expect(read).toMatchObject({ status: 200, body: { chapters: [{ title: 'First Light' }] } });
    expect(JSON.stringify(read.body)).toContain('DROP TABLE chapters'); // stored as text, nothing run
    const stored = await answer(call(`/api/stories/list?slug=${slug}`));
    expect(stored.body.stories[0].title).toBe(`<script>alert(1)</script> "Quotes' story`);
  });
});

describe('likes and comments', () => {
  it('a reader likes and unlikes a chapter; the count follows', async () => {
    const chapterId = await publishedChapterId(1);
    // The like state issues the visitor cookie a like needs, as the like button loads it.
    const first = await call(`/api/chapters/like?chapter_id=${chapterId}`);
    const before = { status: first.status, body: await first.json() };
    expect(before.status).toBe(200);
    const visitor = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const liked = await call('/api/chapters/like', { json: { chapter_id: chapterId }, cookie: visitor });
    expect(liked.status).toBe(200);
    const likedBody = await liked.json();
    expect(likedBody).toMatchObject({ success: true, user_liked: true, like_count: before.body.like_count + 1 });
    expect(await answer(call(`/api/chapters/like?chapter_id=${chapterId}`, { cookie: visitor }))).toMatchObject({
      body: { user_liked: true, like_count: before.body.like_count + 1 },
    });
    const unliked = await answer(call('/api/chapters/like', { json: { chapter_id: chapterId }, cookie: visitor }));
    expect(unliked.body).toMatchObject({ user_liked: false, like_count: before.body.like_count });
    expect((await call('/api/chapters/like?chapter_id=999999')).status).toBe(404);
  });

  it('a comment waits for approval, then shows as plain text', async () => {
    const chapterId = await publishedChapterId(1);
    const text = `<img src=x onerror=alert(1)> cloud comment ${Date.now()}`;
    const created = await answer(
      call('/api/chapters/comments/create', { json: { chapter_id: chapterId, author_name: '<b>Vera</b>', content: text } }),
    );
    expect(created).toEqual({
      status: 201,
      body: { success: true, message: 'Comment submitted successfully! It will appear once it has been approved.' },
    });
    const listed = async () =>
      (await answer(call(`/api/chapters/comments/list?chapter_id=${chapterId}`))).body.comments as { id: number; comment_text: string }[];
    expect((await listed()).map((c) => c.comment_text)).not.toContain(text);

    const cookie = await signInAsAdmin();
    const pending = await answer(call('/api/admin/comments/list?status=pending&type=stories', { cookie }));
    const mine = pending.body.comments.find((c: { content: string }) => c.content === text);
    expect(mine).toBeDefined();
    expect(await answer(call('/api/admin/comments/moderate', { cookie, json: { id: mine.id, action: 'approve' } }))).toMatchObject({
      status: 200,
    });
    expect((await listed()).map((c) => c.comment_text)).toContain(text);
    expect((await call('/api/chapters/comments/create', { json: { chapter_id: chapterId, content: '   ' } })).status).toBe(400);
  });
});

describe('analytics and errors', () => {
  it('ingests a page view (204) and refuses a malformed one (400)', async () => {
    const view = { event_type: 'page_view', url_path: `/storytime/story/${STORY}/`, session_id: crypto.randomUUID() };
    // A browser's user agent: requests that look like bots are answered 204 and not stored.
    const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' };
    expect((await call('/api/analytics/ingest', { json: view, headers })).status).toBe(204);
    const hostile = await answer(call('/api/analytics/ingest', { json: { ...view, url_path: '//evil.example/\u0000' }, headers }));
    expect(hostile).toMatchObject({ status: 400, body: { success: false } });
  });

  it('unknown routes are 404 JSON; a body over 1 MB is refused, not a 500', async () => {
    expect(await answer(call('/api/no/such/route'))).toEqual({ status: 404, body: { success: false, error: 'No such API route.' } });
    const huge = await answer(call('/api/auth/login', { json: { username: 'a'.repeat(2_000_000), password: 'x' } }));
    expect(huge).toEqual({ status: 400, body: { success: false, error: 'Request body is too large (the limit is 1 MB).' } });
  });
});

describe('the static site', () => {
  it('sends a folder page asked for without its trailing slash to the slashed address for good (301)', async () => {
    for (const [from, to] of [
      ['/storytime', '/storytime/'],
      ['/galleries', '/galleries/'],
      [`/storytime/story/${STORY}?from=mail`, `/storytime/story/${STORY}/?from=mail`],
    ]) {
      const response = await call(from!);
      expect({ from, status: response.status, location: response.headers.get('location') }).toEqual({ from, status: 301, location: to });
    }
  });

  it('serves the feeds as Atom', async () => {
    for (const feed of ['/storytime/feed.xml', `/storytime/story/${STORY}/feed.xml`]) {
      const response = await call(feed);
      expect({ feed, status: response.status, type: response.headers.get('content-type') }).toEqual({
        feed,
        status: 200,
        type: 'application/atom+xml; charset=utf-8',
      });
    }
  });
});
