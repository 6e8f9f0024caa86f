// Login throttling that a stranger cannot turn into a lock-out (found by an attack on the
// foundation: one wrong password every 15 minutes kept `admin` out for good).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sessionCookieFrom, useApiTestContext } from '#scripts/test/api.ts';
import { accountKey, addressKey, deviceKey, pairKey, throttleStore } from './throttle.ts';

const t = useApiTestContext();
const PASSWORD = 'correct horse battery';
const STRANGER = '198.51.100.66';
const AUTHOR = '203.0.113.10';

const login = (password: string, ip: string, cookie?: string, username = 'admin') =>
  t.call('/api/auth/login', { json: { username, password }, ip, cookie });

/** Ends every block now, as if its delay had passed, keeping the failure counts. */
const letDelaysPass = () => t.database.db.updateTable('login_throttle').set({ blocked_until: sql`now() - interval '1 second'` }).execute();

/**
 * Sends `attempts` wrong passwords (the n-th from `ipOf(n)`, as `usernameOf(n)`), each after the
 * last delay has passed so that every one counts. The last block is then long (10 failures past
 * an allowance: 512 s), so no assertion races a one-second delay.
 */
async function failRepeatedly(
  attempts: number,
  ipOf: (n: number) => string,
  cookie?: string,
  usernameOf: (n: number) => string = () => 'admin',
) {
  for (let n = 1; n <= attempts; n++) {
    await letDelaysPass();
    expect((await login(`wrong-${n}`, ipOf(n), cookie, usernameOf(n))).status).toBe(401);
  }
}

/** The known-device cookie a successful sign-in set ("known_device=…"). */
function deviceCookieFrom(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('known_device='));
  if (!header) throw new Error('no known_device cookie');
  return header.split(';')[0]!;
}

const keysStored = async () => (await t.database.db.selectFrom('login_throttle').select('key').orderBy('key').execute()).map((r) => r.key);

describe('a stranger guessing the admin password', () => {
  it('blocks the stranger but not the author signing in from another address', async () => {
    await t.createUser('admin', PASSWORD);
    // One guess whenever the last delay has passed, for much longer than the old 900 s cap took.
    await failRepeatedly(30, () => STRANGER);
    const blocked = await login(PASSWORD, STRANGER);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);

    const author = await login(PASSWORD, AUTHOR);
    expect(author.status).toBe(200);
  });

  it('lets a device that signed in before through an account-wide block by many addresses', async () => {
    await t.createUser('admin', PASSWORD);
    const device = deviceCookieFrom(await login(PASSWORD, AUTHOR));
    // A botnet: one address after another.
    await failRepeatedly(20, (n) => `192.0.2.${n}`);
    const newcomer = await login(PASSWORD, '192.0.2.200');
    expect(newcomer.status).toBe(429);
    expect((await newcomer.json()).error).toMatch(/^Too many failed attempts\. Try again in \d+ seconds?\.$/);

    const known = await login(PASSWORD, '192.0.2.201', device);
    expect(known.status).toBe(200);
    expect(sessionCookieFrom(known)).toMatch(/^session=/);
  });

  it('lets a known device through even from an address that is blocked', async () => {
    await t.createUser('admin', PASSWORD);
    const device = deviceCookieFrom(await login(PASSWORD, AUTHOR));
    await failRepeatedly(14, () => AUTHOR);
    expect((await login(PASSWORD, AUTHOR)).status).toBe(429);
    expect((await login(PASSWORD, AUTHOR, device)).status).toBe(200);
  });

  it("throttles a known device's own wrong guesses under its own id", async () => {
    await t.createUser('admin', PASSWORD);
    const device = deviceCookieFrom(await login(PASSWORD, AUTHOR));
    await failRepeatedly(14, () => AUTHOR, device);
    expect((await login(PASSWORD, AUTHOR, device)).status).toBe(429);
    // Nobody else is held by it.
    expect((await login(PASSWORD, '192.0.2.9')).status).toBe(200);
  });

  it('does not let a device cookie for one account pass the blocks of another', async () => {
    await t.createUser('admin', PASSWORD);
    await t.createUser('writer', PASSWORD, 'author');
    const device = deviceCookieFrom(await login(PASSWORD, AUTHOR, undefined, 'writer'));
    await failRepeatedly(14, () => STRANGER);
    expect((await login(PASSWORD, STRANGER, device)).status).toBe(429);
  });

  it('ignores a forged or foreign device cookie', async () => {
    await t.createUser('admin', PASSWORD);
    await failRepeatedly(14, () => STRANGER);
    const { signDeviceToken } = await import('./known-device.ts');
    const foreign = await signDeviceToken(new TextEncoder().encode('another-secret-another-secret-123'), 'admin', 'x', new Date());
    for (const cookie of ['known_device=forged', `known_device=${foreign}`]) {
      expect((await login(PASSWORD, STRANGER, cookie)).status).toBe(429);
    }
  });

  it('sets the known-device cookie HttpOnly, SameSite=Strict on Path=/, and as __Host- over https', async () => {
    await t.createUser('admin', PASSWORD);
    const plain = (await login(PASSWORD, AUTHOR)).headers.getSetCookie().find((c) => c.startsWith('known_device='))!;
    expect(plain).toMatch(/; HttpOnly/);
    expect(plain).toMatch(/; SameSite=Strict/);
    expect(plain).toMatch(/; Path=\//);
    const secure = await t.app.request('https://author.example/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(secure.headers.getSetCookie().find((c) => c.startsWith('__Host-known_device='))).toMatch(/; Secure/);
  });
});

describe('change-password with a valid session', () => {
  it('is never held by login blocks on the account or the address', async () => {
    await t.createUser('admin', PASSWORD);
    const cookie = await t.signIn('admin', PASSWORD);
    await failRepeatedly(20, (n) => `192.0.2.${n}`);
    await failRepeatedly(
      30,
      () => '127.0.0.1',
      undefined,
      (n) => `nobody-${n}`,
    );
    // Both blocks at once (each loop above lets the delays before it pass).
    await t.database.db
      .updateTable('login_throttle')
      .set({ blocked_until: sql`now() + interval '15 minutes'` })
      .where('failures', '>', 10)
      .execute();
    expect((await login(PASSWORD, '127.0.0.1')).status).toBe(429);
    expect((await login(PASSWORD, '192.0.2.99')).status).toBe(429);

    const res = await t.call('/api/auth/change-password', {
      cookie,
      json: { currentPassword: PASSWORD, newPassword: 'a new long passphrase' },
    });
    expect(res.status).toBe(200);
  });

  it('has its own limit on wrong current passwords, which holds no login', async () => {
    await t.createUser('admin', PASSWORD);
    const cookie = await t.signIn('admin', PASSWORD);
    const change = (currentPassword: string) =>
      t.call('/api/auth/change-password', { cookie, json: { currentPassword, newPassword: 'a new long passphrase' } });
    for (let i = 0; i < 14; i++) {
      await letDelaysPass();
      expect((await change(`wrong-${i}`)).status).toBe(400);
    }
    const held = await change(PASSWORD);
    expect(held.status).toBe(429);
    expect(held.headers.get('Retry-After')).toBeTruthy();
    expect((await login(PASSWORD, AUTHOR)).status).toBe(200);
  });
});

describe('throttle rows', () => {
  it('are deleted once their failures are forgotten, when the next failure is written', async () => {
    const db = t.database.db;
    await db
      .insertInto('login_throttle')
      .values([
        {
          key: 'ip:192.0.2.1',
          failures: 30,
          blocked_until: sql`now() - interval '50 minutes'`,
          last_failure_at: sql`now() - interval '65 minutes'`,
        },
        { key: 'ip:192.0.2.2', failures: 3, blocked_until: null, last_failure_at: sql`now() - interval '2 days'` },
        { key: 'ip:192.0.2.3', failures: 3, blocked_until: null, last_failure_at: sql`now() - interval '10 minutes'` },
      ])
      .execute();
    await login('wrong', STRANGER, undefined, 'ghost');
    expect(await keysStored()).toEqual([accountKey('ghost'), 'ip:192.0.2.3', addressKey(STRANGER), pairKey('ghost', STRANGER)].sort());
  });

  it('of a successful sign-in are cleared for that account and address', async () => {
    await t.createUser('admin', PASSWORD);
    await login('wrong', AUTHOR);
    expect(await keysStored()).toContain(pairKey('admin', AUTHOR));
    await login(PASSWORD, AUTHOR);
    expect(await keysStored()).not.toContain(pairKey('admin', AUTHOR));
  });
});

describe('clearing a block (the admin command)', () => {
  it('clearAccount lifts every block on that account, from any address or device, and nothing else', async () => {
    await t.createUser('admin', PASSWORD);
    await t.createUser('a_b', PASSWORD, 'author');
    for (let n = 1; n <= 11; n++) await login('wrong', `192.0.2.${n}`);
    await login('wrong', STRANGER, undefined, 'axb'); // must survive: "_" is no wildcard
    await t.database.db
      .insertInto('login_throttle')
      .values({ key: deviceKey('admin', 'd1'), failures: 9, last_failure_at: sql`now()` })
      .execute();
    // Every block on an account as long as it gets, so none runs out while the test runs.
    await t.database.db
      .updateTable('login_throttle')
      .set({ blocked_until: sql`now() + interval '15 minutes'` })
      .where('key', 'not like', 'ip:%')
      .execute();
    expect((await login(PASSWORD, '192.0.2.1')).status).toBe(429);

    // The account, a pair per address, the device.
    expect(await throttleStore.clearAccount(t.database.db, 'ADMIN')).toBe(1 + 11 + 1);
    expect((await login(PASSWORD, '192.0.2.1')).status).toBe(200);
    expect(await keysStored()).toContain(pairKey('axb', STRANGER));
    expect(await throttleStore.clearAccount(t.database.db, 'a_b')).toBe(0);
  });

  it('clearAddress lifts the block on an address for every account', async () => {
    await t.createUser('admin', PASSWORD);
    await failRepeatedly(
      30,
      () => STRANGER,
      undefined,
      (n) => `user${n}`,
    );
    expect((await login(PASSWORD, STRANGER)).status).toBe(429);
    const ofStranger = (await keysStored()).filter((key) => key.endsWith(STRANGER));
    expect(ofStranger.length).toBe(31); // the address, and a pair for each account tried
    expect(await throttleStore.clearAddress(t.database.db, STRANGER)).toBe(ofStranger.length);
    expect((await login(PASSWORD, STRANGER)).status).toBe(200);
  });
});
