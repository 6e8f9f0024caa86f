// Signing out: this device only (its token is refused from then on), or every device (the
// session version is bumped). Decision 0034.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';

const t = useApiTestContext();
const PASSWORD = 'correct horse battery';

const signedIn = async (cookie: string) => (await t.call('/api/auth/me', { cookie })).status === 200;

/** Two sessions of one account, as two devices would hold them. */
async function twoDevices(): Promise<[string, string]> {
  await t.createUser('admin', PASSWORD);
  return [await t.signIn('admin', PASSWORD), await t.signIn('admin', PASSWORD)];
}

const crossSitePost = (path: string, cookie: string) =>
  t.call(path, {
    method: 'POST',
    cookie,
    body: 'x=1',
    headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Signs out through `path` and checks the answer: success, and both cookies cleared. */
async function signOut(path: string, cookie: string): Promise<void> {
  const res = await t.call(path, { method: 'POST', cookie });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ success: true });
  expect(res.headers.getSetCookie()[0]).toMatch(/^session=;.*Max-Age=0/);
  expect(res.headers.getSetCookie()[1]).toMatch(/^signed_in=;.*Max-Age=0/);
}

describe('POST /api/auth/logout (this device)', () => {
  it('clears the cookies and refuses this token, and leaves the other devices signed in', async () => {
    const [here, elsewhere] = await twoDevices();
    await signOut('/api/auth/logout', here);
    expect(await signedIn(here)).toBe(false); // a copy of the cookie no longer works
    expect(await signedIn(elsewhere)).toBe(true);
    expect(await signedIn(await t.signIn('admin', PASSWORD))).toBe(true);
  });

  it('forgets refused tokens once they have expired', async () => {
    const [here, elsewhere] = await twoDevices();
    await signOut('/api/auth/logout', here);
    t.clock.now = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000); // past the 7-day session
    await signOut('/api/auth/logout', elsewhere);
    const left = await t.database.db.selectFrom('revoked_sessions').select('expires_at').execute();
    expect(left).toHaveLength(1);
    expect(left[0]!.expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('succeeds when not signed in', async () => {
    expect((await t.call('/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });

  it('refuses a cross-site form post (CSRF) with 403', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await crossSitePost('/api/auth/logout', cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: 'Cross-site request refused.' });
    expect(await signedIn(cookie)).toBe(true);
  });
});

describe('POST /api/auth/logout-everywhere', () => {
  it('clears the cookies and signs the account out on every device', async () => {
    const [here, elsewhere] = await twoDevices();
    await signOut('/api/auth/logout-everywhere', here);
    expect(await signedIn(here)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(await t.signIn('admin', PASSWORD))).toBe(true);
  });

  it('answers 401 when not signed in', async () => {
    const res = await t.call('/api/auth/logout-everywhere', { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
  });

  it('refuses a cross-site form post (CSRF) with 403', async () => {
    const [here, elsewhere] = await twoDevices();
    expect((await crossSitePost('/api/auth/logout-everywhere', here)).status).toBe(403);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(true);
  });
});
