import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { BANNED_ADDRESS_MESSAGE } from '#core/guards.ts';
import { CHAPTER_NOT_FOUND, expectError, refusedField } from '#functions/chapters/test-kit.ts';
import { chapterTarget } from '#functions/comments/targets.ts';
import { INVALID_ID_FIELDS, INVALID_ID_PARAMS, insertReaderChapters, visitorCookie, visitorCookieFrom } from './test-kit.ts';
import { RETRY_WITH_COOKIE } from './toggle.ts';

const t = useApiTestContext();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A visitor id, a dot and its keyed hash. */
const VISITOR_VALUE = /^visitor=[0-9a-f-]{36}\.[0-9a-f]{32}$/;

function visitorCookies(res: Response): string[] {
  return res.headers.getSetCookie().filter((header) => header.startsWith('visitor='));
}

const visitorIdOf = (cookie: string) => cookie.slice('visitor='.length, 'visitor='.length + 36);

const like = (chapter_id: unknown, cookie?: string) =>
  t.call('/api/chapters/like', { json: { chapter_id }, ...(cookie ? { cookie } : {}) });
const likeState = (chapter_id: number, cookie?: string) => t.call(`/api/chapters/like?chapter_id=${chapter_id}`, cookie ? { cookie } : {});
const newVisitor = (chapter_id: number) => visitorCookie(t, `/api/chapters/like?chapter_id=${chapter_id}`);
const likeRows = () => t.database.db.selectFrom('chapter_likes').select(['chapter_id', 'visitor_key']).orderBy('id').execute();

async function expectState(response: Response | Promise<Response>, like_count: number, user_liked: boolean) {
  const res = await response;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ success: true, like_count, user_liked });
}

describe('POST /api/chapters/like', () => {
  it('likes for a visitor whose cookie the like state issued, and stores one row', async () => {
    const { published } = await insertReaderChapters(t);
    const cookie = await newVisitor(published);
    const res = await like(published, cookie);
    await expectState(res, 1, true);
    expect(visitorCookies(res)).toEqual([]); // a valid cookie is kept, not reissued
    expect(visitorIdOf(cookie)).toMatch(UUID);
    expect(await likeRows()).toEqual([{ chapter_id: published, visitor_key: visitorIdOf(cookie) }]);
    expect(t.rebuilds).toEqual([]); // likes are loaded live; no page changes
  });

  it('counts nothing for a like without a visitor cookie: it gets one and a 409, and the retry counts', async () => {
    const { published } = await insertReaderChapters(t);
    const first = await like(published);
    expect(first.status).toBe(409);
    expect(await first.json()).toEqual({ success: false, error: RETRY_WITH_COOKIE });
    const [header] = visitorCookies(first);
    expect(header).toMatch(/^visitor=[0-9a-f-]{36}\.[0-9a-f]{32}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await likeRows()).toEqual([]);
    await expectState(like(published, visitorCookieFrom(first)), 1, true);
  });

  it('toggles: the same visitor unlikes with a second POST and likes again with a third', async () => {
    const { published } = await insertReaderChapters(t);
    const cookie = await newVisitor(published);
    await expectState(like(published, cookie), 1, true);
    await expectState(like(published, cookie), 0, false);
    expect(await likeRows()).toEqual([]);
    await expectState(like(published, cookie), 1, true);
    expect(await likeRows()).toHaveLength(1);
  });

  it('counts every visitor once and answers user_liked per visitor', async () => {
    const { published } = await insertReaderChapters(t);
    const visitors: string[] = [];
    for (let i = 0; i < 3; i++) {
      visitors.push(await newVisitor(published));
      await expectState(like(published, visitors[i]), i + 1, true);
    }
    expect(new Set(visitors).size).toBe(3);
    await expectState(likeState(published, visitors[0]), 3, true);
    await expectState(like(published, visitors[1]), 2, false);
    await expectState(likeState(published, visitors[1]), 2, false);
    await expectState(likeState(published, visitors[2]), 2, true);
  });

  it('counts nothing for a visitor cookie it did not issue, and replaces it', async () => {
    const { published } = await insertReaderChapters(t);
    const issued = await newVisitor(published);
    const otherId = crypto.randomUUID();
    const forgeries = [
      'visitor=not-a-uuid',
      "visitor=x'%20or%201=1--",
      `visitor=${otherId}`, // an id the sender made up, unsigned
      `visitor=${otherId}.${'0'.repeat(32)}`, // with a made-up hash
      `visitor=${otherId}${issued.slice('visitor='.length + 36)}`, // with another id's hash
      `visitor=${issued.slice('visitor='.length).toUpperCase()}`,
      `visitor=${'a'.repeat(200)}`,
    ];
    for (const forged of forgeries) {
      const res = await like(published, forged);
      expect({ forged, status: res.status }).toEqual({ forged, status: 409 });
      expect(visitorCookieFrom(res)).toMatch(VISITOR_VALUE);
    }
    expect(await likeRows()).toEqual([]);
  });

  it('marks the cookie Secure over https', async () => {
    const { published } = await insertReaderChapters(t);
    const res = await t.app.request(`https://example.test/api/chapters/like?chapter_id=${published}`);
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
      expect({ json, status: res.status, body: await res.json() }).toEqual({ json, status: 400, body: refusedField(json, error) });
    }
    expect(await likeRows()).toEqual([]);
  });

  it('counts exactly 50 likes from 50 visitors liking at once', async () => {
    const { published } = await insertReaderChapters(t);
    const visitors = await Promise.all(Array.from({ length: 50 }, () => newVisitor(published)));
    const responses = await Promise.all(visitors.map((cookie) => like(published, cookie)));
    expect(responses.map((res) => res.status)).toEqual(Array(50).fill(200));
    await expectState(likeState(published), 50, false);
    expect(await likeRows()).toHaveLength(50);
  });

  it('stays consistent when one visitor sends 10 likes at once', async () => {
    const { published } = await insertReaderChapters(t);
    const cookie = await newVisitor(published);
    const responses = await Promise.all(Array.from({ length: 10 }, () => like(published, cookie)));
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
    const rows = await likeRows();
    expect(rows.length).toBeLessThanOrEqual(1);
    await expectState(likeState(published, cookie), rows.length, rows.length === 1);
  });

  it('answers at like.php too', async () => {
    const { published } = await insertReaderChapters(t);
    const cookie = visitorCookieFrom(await t.call(`/api/chapters/like.php?chapter_id=${published}`));
    await expectState(t.call('/api/chapters/like.php', { json: { chapter_id: published }, cookie }), 1, true);
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
  it('answers the count and user_liked false to a new visitor, issuing its visitor cookie', async () => {
    const { published } = await insertReaderChapters(t);
    await t.database.db
      .insertInto('chapter_likes')
      .values(['a', 'b', 'c'].map((visitor_key) => ({ chapter_id: published, visitor_key })))
      .execute();
    const res = await likeState(published);
    await expectState(res, 3, false);
    const cookie = visitorCookieFrom(res);
    expect(cookie).toMatch(VISITOR_VALUE);
    const again = await likeState(published, cookie);
    await expectState(again, 3, false);
    expect(visitorCookies(again)).toEqual([]); // kept, not reissued
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
