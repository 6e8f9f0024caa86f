import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '../../scripts/test/api.ts';
import { BANNED_ADDRESS_MESSAGE } from '../core/guards.ts';
import { CHAPTER_NOT_FOUND, expectError } from '../chapters/test-kit.ts';
import { chapterTarget } from './targets.ts';
import { INVALID_ID_FIELDS, INVALID_ID_PARAMS, insertReaderChapters } from './test-kit.ts';

const t = useApiTestContext();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function visitorCookies(res: Response): string[] {
  return res.headers.getSetCookie().filter((header) => header.startsWith('visitor='));
}

/** The "visitor=…" pair the response set, failing when it set none. */
function visitorCookieFrom(res: Response): string {
  const [header] = visitorCookies(res);
  if (!header) throw new Error(`no visitor cookie (status ${res.status})`);
  return header.split(';')[0]!;
}

const like = (chapter_id: unknown, cookie?: string) => t.call('/api/chapters/like', { json: { chapter_id }, ...(cookie ? { cookie } : {}) });
const likeState = (chapter_id: number, cookie?: string) => t.call(`/api/chapters/like?chapter_id=${chapter_id}`, cookie ? { cookie } : {});
const likeRows = () => t.database.db.selectFrom('chapter_likes').select(['chapter_id', 'visitor_key']).orderBy('id').execute();

async function expectState(response: Response | Promise<Response>, like_count: number, user_liked: boolean) {
  const res = await response;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ success: true, like_count, user_liked });
}

describe('POST /api/chapters/like', () => {
  it('likes for a new visitor, issuing an HttpOnly visitor cookie, and stores one row', async () => {
    const { published } = await insertReaderChapters(t);
    const res = await like(published);
    await expectState(res, 1, true);
    const [header] = visitorCookies(res);
    expect(header).toMatch(/^visitor=[0-9a-f-]{36}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const visitor = visitorCookieFrom(res).slice('visitor='.length);
    expect(visitor).toMatch(UUID);
    expect(await likeRows()).toEqual([{ chapter_id: published, visitor_key: visitor }]);
    expect(t.rebuilds).toEqual([]); // likes are loaded live; no page changes
  });

  it('toggles: the same visitor unlikes with a second POST and likes again with a third', async () => {
    const { published } = await insertReaderChapters(t);
    const cookie = visitorCookieFrom(await like(published));
    const second = await like(published, cookie);
    await expectState(second, 0, false);
    expect(visitorCookies(second)).toEqual([]); // a valid cookie is kept, not reissued
    expect(await likeRows()).toEqual([]);
    await expectState(like(published, cookie), 1, true);
    expect(await likeRows()).toHaveLength(1);
  });

  it('counts every visitor once and answers user_liked per visitor', async () => {
    const { published } = await insertReaderChapters(t);
    const visitors: string[] = [];
    for (let i = 0; i < 3; i++) visitors.push(visitorCookieFrom(await like(published)));
    expect(new Set(visitors).size).toBe(3);
    await expectState(likeState(published, visitors[0]), 3, true);
    await expectState(likeState(published), 3, false);
    await expectState(like(published, visitors[1]), 2, false);
    await expectState(likeState(published, visitors[1]), 2, false);
    await expectState(likeState(published, visitors[2]), 2, true);
  });

  it('replaces a forged or malformed visitor cookie with a new one', async () => {
    const { published } = await insertReaderChapters(t);
    const forgeries = [
      'visitor=not-a-uuid',
      "visitor=x'%20or%201=1--",
      'visitor=6F9619FF-8B86-4011-B42D-00C04FC964FF', // upper case: not what randomUUID makes
      `visitor=${'a'.repeat(200)}`,
    ];
    for (const forged of forgeries) {
      const res = await like(published, forged);
      await expectState(res, 1, true);
      const issued = visitorCookieFrom(res);
      expect(issued).not.toBe(forged);
      expect(issued.slice('visitor='.length)).toMatch(UUID);
      await t.database.db.deleteFrom('chapter_likes').execute();
    }
  });

  it('marks the cookie Secure over https', async () => {
    const { published } = await insertReaderChapters(t);
    const res = await t.app.request('https://example.test/api/chapters/like', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chapter_id: published }),
    });
    expect(res.status).toBe(200);
    expect(visitorCookies(res)[0]).toMatch(/; Secure(;|$)/);
  });

  it('answers 404 for a chapter readers cannot see, storing nothing and issuing no cookie', async () => {
    const { hidden } = await insertReaderChapters(t);
    for (const [name, id] of Object.entries(hidden)) {
      const res = like(id);
      await expectError(res, 404, CHAPTER_NOT_FOUND);
      expect({ name, cookies: visitorCookies(await res) }).toEqual({ name, cookies: [] });
    }
    expect(await likeRows()).toEqual([]);
  });

  it('refuses a bad chapter_id or an unknown field with 400', async () => {
    const { published } = await insertReaderChapters(t);
    const cases: [Record<string, unknown>, string][] = [
      ...INVALID_ID_FIELDS.map(([chapter_id, error]): [Record<string, unknown>, string] => [{ chapter_id }, error]),
      [{ chapter_id: published, liked: true }, 'Unknown field: liked'],
    ];
    for (const [json, error] of cases) {
      const res = await t.call('/api/chapters/like', { json });
      expect({ json, status: res.status, body: await res.json() }).toEqual({ json, status: 400, body: { success: false, error } });
    }
    expect(await likeRows()).toEqual([]);
  });

  it('counts exactly 50 likes from 50 visitors liking at once', async () => {
    const { published } = await insertReaderChapters(t);
    const responses = await Promise.all(Array.from({ length: 50 }, () => like(published)));
    expect(responses.map((res) => res.status)).toEqual(Array(50).fill(200));
    await expectState(likeState(published), 50, false);
    expect(await likeRows()).toHaveLength(50);
  });

  it('stays consistent when one visitor sends 10 likes at once', async () => {
    const { published } = await insertReaderChapters(t);
    const cookie = visitorCookieFrom(await like(published));
    const responses = await Promise.all(Array.from({ length: 10 }, () => like(published, cookie)));
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
    const rows = await likeRows();
    expect(rows.length).toBeLessThanOrEqual(1);
    await expectState(likeState(published, cookie), rows.length, rows.length === 1);
  });

  it('answers at like.php too', async () => {
    const { published } = await insertReaderChapters(t);
    const cookie = visitorCookieFrom(await t.call('/api/chapters/like.php', { json: { chapter_id: published } }));
    await expectState(t.call(`/api/chapters/like.php?chapter_id=${published}`, { cookie }), 1, true);
  });

  it('refuses a banned address with 403 and stores no like (functions/comments/reader-defences.test.ts covers every write)', async () => {
    const { published } = await insertReaderChapters(t);
    await t.database.db.insertInto('banned_ips').values({ ip_address: '198.51.100.9', reason: 'spam' }).execute();
    const res = await t.call('/api/chapters/like', { json: { chapter_id: published }, ip: '198.51.100.9' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: BANNED_ADDRESS_MESSAGE });
    expect(await likeRows()).toEqual([]);
  });
});

describe('GET /api/chapters/like', () => {
  it('answers the count and user_liked false without a cookie, and sets none', async () => {
    const { published } = await insertReaderChapters(t);
    await t.database.db
      .insertInto('chapter_likes')
      .values(['a', 'b', 'c'].map((visitor_key) => ({ chapter_id: published, visitor_key })))
      .execute();
    const res = await likeState(published);
    await expectState(res, 3, false);
    expect(res.headers.getSetCookie()).toEqual([]);
    await expectState(likeState(published, 'visitor=not-a-uuid'), 3, false);
  });

  it('answers 404 for a chapter readers cannot see', async () => {
    const { hidden } = await insertReaderChapters(t);
    for (const id of Object.values(hidden)) await expectError(likeState(id), 404, CHAPTER_NOT_FOUND);
  });

  it.each(INVALID_ID_PARAMS)('refuses the query %j with 400', async (query, error) => {
    await expectError(t.call(`/api/chapters/like${query}`), 400, error);
  });
});

describe('chapterTarget.write', () => {
  it('turns a foreign-key failure (the chapter was deleted meanwhile) into 404', async () => {
    const deleted = Object.assign(new Error('fk'), { code: '23503', constraint: 'chapter_likes_chapter_id_fkey' });
    await expect(chapterTarget.write(() => Promise.reject(deleted))).rejects.toMatchObject({ status: 404, message: 'Chapter not found.' });
    const other = new Error('other');
    await expect(chapterTarget.write(() => Promise.reject(other))).rejects.toBe(other);
  });
});
