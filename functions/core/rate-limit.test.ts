// The fixed-window counter store, with the clock passed in (no sleeping). The limits on the
// routes themselves: functions/comments/reader-defences.test.ts.
import type { Context } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';
import type { AppEnv } from './env.ts';
import { ANALYTICS_LIMIT, rateLimitHits } from './rate-limit.ts';
import { rateLimitStore } from './rate-limit-store.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());
beforeEach(async () => database.reset());

const MINUTE = { limit: 3, seconds: 60 };
const at = (time: string) => new Date(`2026-11-25T${time}Z`);

describe('rateLimitStore.hit', () => {
  it('lets `limit` hits through per window, then answers the seconds left in the window', async () => {
    const db = database.db;
    for (const time of ['12:00:00', '12:00:20', '12:00:40']) {
      expect(await rateLimitStore.hit(db, 'k', MINUTE, at(time))).toEqual({ limited: false, retryAfterSeconds: 0 });
    }
    expect(await rateLimitStore.hit(db, 'k', MINUTE, at('12:00:59.200'))).toEqual({ limited: true, retryAfterSeconds: 1 });
    expect(await rateLimitStore.hit(db, 'other', MINUTE, at('12:00:59.200'))).toEqual({ limited: false, retryAfterSeconds: 0 });
    expect(await rateLimitStore.hit(db, 'k', MINUTE, at('12:01:00'))).toEqual({ limited: false, retryAfterSeconds: 0 });
  });

  it('counts hits that arrive together exactly (one atomic upsert each)', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => rateLimitStore.hit(database.db, 'k', MINUTE, at('12:00:00'))));
    expect(results.filter((r) => !r.limited)).toHaveLength(3);
    const [row] = await database.db.selectFrom('rate_limit_counters').select('count').execute();
    expect(row).toEqual({ count: 10 });
  });

  it('keeps windows of different lengths apart, and sweeps away windows that have passed', async () => {
    const db = database.db;
    await rateLimitStore.hit(db, 'k', MINUTE, at('12:00:00'));
    await rateLimitStore.hit(db, 'k', { limit: 3, seconds: 3600 }, at('12:00:00'));
    expect(await db.selectFrom('rate_limit_counters').select('key').orderBy('key').execute()).toEqual([
      { key: '3600s:k' },
      { key: '60s:k' },
    ]);
    await rateLimitStore.hit(db, 'j', MINUTE, at('12:05:00'));
    expect(await db.selectFrom('rate_limit_counters').select('key').orderBy('key').execute()).toEqual([
      { key: '3600s:k' },
      { key: '60s:j' },
    ]);
  });
});

describe('rateLimitHits', () => {
  /** Just what rateLimitHits reads of a request: the client's address and the app's secret. */
  const request = (ip: string, secret: Uint8Array) =>
    ({ var: { deps: { clientIp: () => ip, sessionSecret: secret } } }) as unknown as Context<AppEnv>;
  const keyOf = async (ip: string, secret: Uint8Array) => (await rateLimitHits(request(ip, secret), ANALYTICS_LIMIT))[0]!.key;

  it("counts the hit at the app's clock (decision 14)", async () => {
    const now = at('09:30:00');
    const context = {
      var: { deps: { clientIp: () => '203.0.113.5', sessionSecret: new Uint8Array(32), now: () => now } },
    } as unknown as Context<AppEnv>;
    expect((await rateLimitHits(context, ANALYTICS_LIMIT)).map((hit) => hit.now)).toEqual(ANALYTICS_LIMIT.windows.map(() => now));
  });

  it('keys a counter by a keyed hash of the address, worked out once per address and secret', async () => {
    const sign = vi.spyOn(crypto.subtle, 'sign');
    try {
      const secret = crypto.getRandomValues(new Uint8Array(32));
      const first = await keyOf('203.0.113.5', secret);
      expect(first).toMatch(/^analytics:[0-9a-f]{64}$/);
      expect(await keyOf('203.0.113.5', secret)).toBe(first);
      expect(sign).toHaveBeenCalledTimes(1); // the returning address was not hashed again
      expect(await keyOf('203.0.113.6', secret)).not.toBe(first);
      expect(await keyOf('203.0.113.5', crypto.getRandomValues(new Uint8Array(32)))).not.toBe(first);
      expect(sign).toHaveBeenCalledTimes(3);
    } finally {
      sign.mockRestore();
    }
  });
});
