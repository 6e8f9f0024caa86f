// The abuse defences (docs/product.md, Security) on the four routes where anonymous visitors write (chapter and image comments
// and likes), and on analytics ingest: bans, per-address rate limits, duplicate and link-spam comments.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { CHROME_ON_WINDOWS, pageView, setClock, storedEvents, ingest } from '#functions/analytics/test-kit.ts';
import { BANNED_ADDRESS_MESSAGE } from '#core/guards.ts';
import { COMMENT_LIMIT, LIKE_LIMIT } from '#core/rate-limit.ts';
import { galleryTestKit } from '#functions/images/test-kit.ts';
import { insertReaderChapters, visitorCookie } from '#functions/likes/test-kit.ts';

const t = useApiTestContext();
afterEach(() => vi.useRealTimers());

const BANNED = '198.51.100.9';

/** A published chapter and a gallery image to write to, and the four visitor writes on them. */
async function targets() {
  const { published } = await insertReaderChapters(t);
  const kit = galleryTestKit(t);
  const [image] = await kit.insertImages(await kit.insertGallery(), {});
  // One reader's cookie, issued by the like state as the like button loads it.
  const cookie = await visitorCookie(t, `/api/chapters/like?chapter_id=${published}`);
  const writes = {
    'chapter comment': (ip: string, content = 'Hi') =>
      t.call('/api/chapters/comments/create', { ip, json: { chapter_id: published, content } }),
    'image comment': (ip: string, content = 'Hi') =>
      t.call('/api/images/gallery-comment-create', { ip, json: { image_id: image, content } }),
    'chapter like': (ip: string) => t.call('/api/chapters/like', { ip, cookie, json: { chapter_id: published } }),
    'image like': (ip: string) => t.call('/api/images/gallery-like', { ip, cookie, json: { image_id: image } }),
  };
  return { chapterId: published, imageId: image!, writes };
}

async function storedWrites() {
  const db = t.database.db;
  const count = async (table: 'chapter_comments' | 'image_comments' | 'chapter_likes' | 'image_likes') =>
    (await db.selectFrom(table).select('id').execute()).length;
  return {
    chapter_comments: await count('chapter_comments'),
    image_comments: await count('image_comments'),
    chapter_likes: await count('chapter_likes'),
    image_likes: await count('image_likes'),
  };
}

const ban = (ip_address: string) => t.database.db.insertInto('banned_ips').values({ ip_address, reason: 'spam' }).execute();

describe('bans on the visitor write routes', () => {
  it('refuses all four writes from a banned address with 403 and the message, storing nothing', async () => {
    const { writes } = await targets();
    await ban(BANNED);
    for (const [what, write] of Object.entries(writes)) {
      const res = await write(BANNED);
      expect({ what, status: res.status, body: await res.json() }).toEqual({
        what,
        status: 403,
        body: { success: false, error: BANNED_ADDRESS_MESSAGE },
      });
    }
    expect(await storedWrites()).toEqual({ chapter_comments: 0, image_comments: 0, chapter_likes: 0, image_likes: 0 });
  });

  it('covers every address of a banned range, the IPv4-mapped form of a banned address, and not its neighbours', async () => {
    const { writes } = await targets();
    await ban('203.0.113.0/24');
    await ban('2001:db8:bad::/48');
    await ban(BANNED);
    for (const ip of ['203.0.113.1', '203.0.113.254', '2001:db8:bad:1::7', `::ffff:${BANNED}`]) {
      expect((await writes['chapter like'](ip)).status).toBe(403);
    }
    for (const ip of ['203.0.114.1', '2001:db8:bae::1', '198.51.100.10']) {
      expect((await writes['chapter like'](ip)).status).toBe(200);
    }
  });

  it('covers every spelling of a banned address: zone ids, brackets, ports, case and leading zeros', async () => {
    const { writes } = await targets();
    await ban('2001:db8::/64');
    await ban(BANNED);
    for (const ip of ['2001:db8::5%eth0', '[2001:db8::5]:443', '2001:DB8:0:0::0005', `${BANNED}:443`, `[::ffff:${BANNED}]`]) {
      const res = await writes['chapter comment'](ip, `From ${ip}`);
      expect({ ip, status: res.status }).toEqual({ ip, status: 403 });
    }
    expect((await storedWrites()).chapter_comments).toBe(0);
  });

  it('takes effect at once, and is lifted at once', async () => {
    const { writes } = await targets();
    expect((await writes['image comment'](BANNED, 'Before')).status).toBe(201);
    await ban(BANNED);
    expect((await writes['image comment'](BANNED, 'During')).status).toBe(403);
    await t.database.db.deleteFrom('banned_ips').execute();
    expect((await writes['image comment'](BANNED, 'After')).status).toBe(201);
    expect((await storedWrites()).image_comments).toBe(2);
  });

  it('lets a banned address read: lists, like states and stats still answer', async () => {
    const { chapterId, imageId } = await targets();
    await ban(BANNED);
    for (const path of [
      `/api/chapters/comments/list?chapter_id=${chapterId}`,
      `/api/chapters/like?chapter_id=${chapterId}`,
      `/api/images/gallery-stats?image_id=${imageId}`,
      `/api/images/gallery-comment-list?image_id=${imageId}`,
    ]) {
      expect((await t.call(path, { ip: BANNED })).status).toBe(200);
    }
  });

  it('drops analytics events from a banned address with the usual 204', async () => {
    await ban(BANNED);
    expect((await ingest(t, pageView(), { ip: BANNED })).status).toBe(204);
    expect(await storedEvents(t)).toEqual([]);
  });

  it('never locks staff out: sign-in, every admin call and the unban work from a banned address', async () => {
    await t.createUser('author', 'correct horse battery', 'author');
    await ban(BANNED);
    const login = await t.call('/api/auth/login', { ip: BANNED, json: { username: 'author', password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    const list = await (await t.call('/api/admin/banned-ips/list', { ip: BANNED, cookie })).json();
    expect(list.banned_ips).toMatchObject([{ ip_address: BANNED }]);
    const story = { title: 'Made while banned', slug: 'made-while-banned' };
    expect((await t.call('/api/stories/create', { ip: BANNED, cookie, json: story })).status).toBe(201);
    const unban = await t.call('/api/admin/unban-ip', { ip: BANNED, cookie, json: { id: list.banned_ips[0].id } });
    expect(unban.status).toBe(200);
    expect((await t.call('/api/auth/logout', { ip: BANNED, cookie, method: 'POST' })).status).toBeLessThan(300);
    expect(await t.database.db.selectFrom('banned_ips').selectAll().execute()).toEqual([]);
  });
});

describe('rate limits', () => {
  it('allows 5 comments a minute per address across chapters and images, then 429 with Retry-After', async () => {
    const { writes } = await targets();
    setClock('2026-11-25T12:00:10.000Z');
    for (let i = 0; i < COMMENT_LIMIT.windows[0]!.limit; i++) {
      const write = i % 2 ? writes['image comment'] : writes['chapter comment'];
      expect((await write('203.0.113.5', `Comment ${i}`)).status).toBe(201);
    }
    const refused = await writes['image comment']('203.0.113.5', 'One too many');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('50'); // the minute's window ends at 12:01:00
    expect(await refused.json()).toEqual({ success: false, error: COMMENT_LIMIT.message });
    // Another address is not affected; the same one may write again in the next window.
    expect((await writes['chapter comment']('203.0.113.6', 'Other reader')).status).toBe(201);
    setClock('2026-11-25T12:01:00.000Z');
    expect((await writes['chapter comment']('203.0.113.5', 'A minute later')).status).toBe(201);
    expect(await storedWrites()).toMatchObject({ chapter_comments: 5, image_comments: 2 });
  });

  it('scales every window by RATE_LIMIT_SCALE (deps.rateLimitScale)', async () => {
    const { writes } = await targets();
    setClock('2026-11-25T12:00:10.000Z');
    t.deps.rateLimitScale = 2;
    try {
      for (let i = 0; i < 2 * COMMENT_LIMIT.windows[0]!.limit; i++) {
        expect((await writes['chapter comment']('203.0.113.7', `Scaled ${i}`)).status).toBe(201);
      }
      expect((await writes['chapter comment']('203.0.113.7', 'One too many')).status).toBe(429);
    } finally {
      delete t.deps.rateLimitScale;
    }
  });

  it('allows 30 comments an hour per address', async () => {
    const { writes } = await targets();
    const minute = (m: number) => `2026-11-25T12:${String(m).padStart(2, '0')}:00.000Z`;
    for (let i = 0; i < 30; i++) {
      setClock(minute(Math.floor(i / 5)));
      expect((await writes['chapter comment']('203.0.113.5', `Comment ${i}`)).status).toBe(201);
    }
    setClock(minute(10));
    const refused = await writes['chapter comment']('203.0.113.5', 'Thirty-first');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
  });

  it('counts an IPv6 visitor by its /64, so stepping through addresses does not help', async () => {
    const { writes } = await targets();
    setClock('2026-11-25T12:00:00.000Z');
    for (let i = 0; i < 5; i++) expect((await writes['chapter comment'](`2001:db8:1:2::${i + 1}`, `Comment ${i}`)).status).toBe(201);
    expect((await writes['chapter comment']('2001:db8:1:2::99', 'Sixth')).status).toBe(429);
    expect((await writes['chapter comment']('2001:db8:1:3::1', 'Next network')).status).toBe(201);
  });

  it('counts an IPv6 visitor by its /64 whatever zone id it adds', async () => {
    const { writes } = await targets();
    setClock('2026-11-25T12:00:00.000Z');
    for (let i = 0; i < 5; i++) expect((await writes['chapter comment'](`2001:db8::1%${i}`, `Comment ${i}`)).status).toBe(201);
    expect((await writes['chapter comment']('2001:db8::1%99', 'Sixth')).status).toBe(429);
  });

  it('allows 60 likes a minute per address, then 429 with Retry-After', async () => {
    const { writes } = await targets();
    setClock('2026-11-25T12:00:30.500Z');
    const responses = await Promise.all(
      Array.from({ length: LIKE_LIMIT.windows[0]!.limit + 5 }, (_, i) =>
        (i % 2 ? writes['image like'] : writes['chapter like'])('203.0.113.5'),
      ),
    );
    const statuses = responses.map((res) => res.status);
    // The counter is one atomic upsert, so exactly the limit passes even when all arrive at once.
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(responses.find((res) => res.status === 429)!.headers.get('retry-after')).toBe('30');
  });

  it('limits likes by the minute, the hour and the day (here scaled down to 3, 30 and 100)', async () => {
    expect(LIKE_LIMIT.windows).toEqual([
      { limit: 60, seconds: 60 },
      { limit: 600, seconds: 3600 },
      { limit: 2000, seconds: 86400 },
    ]);
    const { writes } = await targets();
    t.deps.rateLimitScale = 1 / 20;
    try {
      const burst = async (iso: string, count: number) => {
        setClock(iso);
        const responses = await Promise.all(
          Array.from({ length: count }, (_, i) => (i % 2 ? writes['image like'] : writes['chapter like'])('203.0.113.5')),
        );
        return responses.map((res) => res.status);
      };
      const at = (hour: number, minute: number) => `2026-11-25T${hour}:${String(minute).padStart(2, '0')}:00.000Z`;
      let accepted = 0;
      for (let hour = 10; hour < 14; hour++) {
        for (let minute = 0; minute < 10; minute++)
          accepted += (await burst(at(hour, minute), 3)).filter((status) => status === 200).length;
        if (hour === 10) expect(await burst(at(10, 10), 1)).toEqual([429]); // the hour's 30 are used up
      }
      expect(accepted).toBe(100 - 1); // the refused like at 10:10 still counted in the day
      const refused = await writes['chapter like']('203.0.113.5');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(11 * 60 * 60 - 9 * 60)); // from 13:09 until midnight UTC
      expect((await writes['chapter like']('203.0.113.6')).status).toBe(200);
    } finally {
      delete t.deps.rateLimitScale;
    }
  });

  it('limits analytics events to 120 a minute per address', async () => {
    setClock('2026-11-25T12:00:00.000Z');
    const responses = await Promise.all(Array.from({ length: 121 }, () => ingest(t, pageView(), { ip: '203.0.113.5' })));
    expect(responses.map((res) => res.status).sort()).toEqual([...Array(120).fill(204), 429]);
    expect(await storedEvents(t)).toHaveLength(120);
  });

  it.each([
    ['malformed', '{"meta":'],
    ['nested too deep', `{"meta":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`], // under the 1 MB a JSON body may take
  ])('counts analytics events before reading them, so %s ones use up the allowance too', async (_, body) => {
    setClock('2026-11-25T12:00:00.000Z');
    const malformed = () =>
      t.call('/api/analytics/ingest', {
        ip: '203.0.113.5',
        body,
        headers: { 'user-agent': CHROME_ON_WINDOWS, 'content-type': 'application/json' },
      });
    const statuses = [];
    for (let i = 0; i < 121; i++) statuses.push((await malformed()).status);
    expect(statuses).toEqual([...Array(120).fill(400), 429]);
    expect((await ingest(t, pageView(), { ip: '203.0.113.5' })).status).toBe(429);
  });

  it('does not count refused comments and likes, and keeps no address in its counters', async () => {
    const { chapterId, writes } = await targets();
    setClock('2026-11-25T12:00:00.000Z');
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.call('/api/chapters/comments/create', { ip: '203.0.113.5', json: { chapter_id: chapterId, content: '' } })).status,
      ).toBe(400);
    }
    expect((await writes['chapter comment']('203.0.113.5')).status).toBe(201);
    const counters = JSON.stringify(await t.database.db.selectFrom('rate_limit_counters').selectAll().execute());
    expect(counters).not.toContain('203.0.113');
  });

  it('deletes counters of windows that have passed', async () => {
    const { writes } = await targets();
    setClock('2026-11-25T12:00:00.000Z');
    await writes['chapter like']('203.0.113.5');
    setClock('2026-11-25T14:00:00.000Z');
    await writes['chapter like']('203.0.113.6');
    const rows = await t.database.db.selectFrom('rate_limit_counters').select(['key', 'window_start']).execute();
    // The minute and hour of 12:00 are gone; both addresses' days are still running.
    expect(rows.map((row) => `${row.key.split(':')[0]} ${row.window_start.toISOString()}`).sort()).toEqual([
      '3600s 2026-11-25T14:00:00.000Z',
      '60s 2026-11-25T14:00:00.000Z',
      '86400s 2026-11-25T00:00:00.000Z',
      '86400s 2026-11-25T00:00:00.000Z',
    ]);
  });
});

describe('duplicate and link-spam comments', () => {
  const rows = () =>
    t.database.db
      .selectFrom('chapter_comments')
      .select(['content', 'status', 'held_reason'])
      .unionAll(t.database.db.selectFrom('image_comments').select(['content', 'status', 'held_reason']))
      .execute();

  it('stores the same text from the same address on the same target once, answering both alike', async () => {
    const { writes } = await targets();
    for (const write of [writes['chapter comment'], writes['image comment']]) {
      const first = await write('203.0.113.5', 'Great chapter!');
      const second = await write('203.0.113.5', 'Great chapter!');
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(await second.json()).toEqual(await first.json());
    }
    expect(await rows()).toHaveLength(2);
  });

  it('stores one copy when the same comment is sent many times at once', async () => {
    const { writes } = await targets();
    const responses = await Promise.all(Array.from({ length: 5 }, () => writes['chapter comment']('203.0.113.5', 'Sent five times')));
    expect(responses.map((res) => res.status)).toEqual(Array(5).fill(201));
    expect(await rows()).toEqual([{ content: 'Sent five times', status: 'pending', held_reason: null }]);
  });

  it('stores the same text again from another address, after another text, or on another target', async () => {
    const { writes } = await targets();
    await writes['chapter comment']('203.0.113.5', 'Same');
    await writes['chapter comment']('203.0.113.6', 'Same');
    await writes['chapter comment']('203.0.113.5', 'Different');
    await writes['chapter comment']('203.0.113.5', 'Same');
    await writes['image comment']('203.0.113.5', 'Same');
    expect(await rows()).toHaveLength(5);
  });

  it.each([
    ['three links', 'Buy at https://a.example/x and http://b.example and www.c.example today', 'links'],
    ['only a link', 'https://pills.example/cheap', 'links only'],
    ['only links and punctuation', 'https://a.example, http://b.example!', 'links only'],
    ['a bare host with a path, only', 'pills.example/buy', 'links only'],
  ])('holds a comment with %s for a moderator', async (_what, content, reason) => {
    const { writes } = await targets();
    expect((await writes['chapter comment']('203.0.113.5', content)).status).toBe(201);
    expect(await rows()).toEqual([{ content, status: 'pending', held_reason: reason }]);
  });

  it.each([
    'I read the first book on https://example.org/books and loved it',
    'Two sites: https://a.example and https://b.example, both fine',
    'Version 2.0 of the map, see royalroad.com for more',
  ])('does not hold %j', async (content) => {
    const { writes } = await targets();
    await writes['image comment']('203.0.113.5', content);
    expect(await rows()).toEqual([{ content, status: 'pending', held_reason: null }]);
  });
});
