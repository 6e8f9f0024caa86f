// Session tokens and cookies: only a token this site issued, complete and in date, signs anyone in.
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessionCookieFrom, useApiTestContext } from '#scripts/test/api.ts';
import { SESSION_SECONDS, signSessionToken } from './session.ts';

const t = useApiTestContext();
const PASSWORD = 'correct horse battery';
const now = () => Math.floor(Date.now() / 1000);

/** A token like the site's own, with `change` applied to its claims before signing. */
async function token(
  change: (jwt: SignJWT) => SignJWT = (jwt) => jwt,
  secret = t.deps.sessionSecret,
  claims: Record<string, unknown> = { ver: 1 },
) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('author-site').setAudience('author-site:admin');
  return change(jwt).sign(secret);
}

const complete = (jwt: SignJWT) => jwt.setSubject('1').setIssuedAt().setExpirationTime('1h');

async function meWith(value: string) {
  await t.createUser('admin', PASSWORD);
  return (await t.call('/api/auth/me', { cookie: `session=${value}` })).status;
}

describe('session tokens', () => {
  it('accepts a complete token signed with the key (the baseline the cases below change)', async () => {
    expect(await meWith(await token(complete))).toBe(200);
  });

  it.each([
    ['without exp', (jwt: SignJWT) => jwt.setSubject('1').setIssuedAt()],
    ['without sub', (jwt: SignJWT) => jwt.setIssuedAt().setExpirationTime('1h')],
    ['without iat', (jwt: SignJWT) => jwt.setSubject('1').setExpirationTime('1h')],
    [
      'expired',
      (jwt: SignJWT) =>
        jwt
          .setSubject('1')
          .setIssuedAt(now() - 7200)
          .setExpirationTime(now() - 3600),
    ],
    [
      'issued longer ago than a session lasts',
      (jwt: SignJWT) =>
        jwt
          .setSubject('1')
          .setIssuedAt(now() - SESSION_SECONDS - 60)
          .setExpirationTime('1h'),
    ],
    [
      'issued in the future',
      (jwt: SignJWT) =>
        jwt
          .setSubject('1')
          .setIssuedAt(now() + 3600)
          .setExpirationTime('2h'),
    ],
    ['with the wrong audience', (jwt: SignJWT) => complete(jwt).setAudience('someone-else')],
    ['with the wrong issuer', (jwt: SignJWT) => complete(jwt).setIssuer('someone-else')],
    ['with a subject that is no user id', (jwt: SignJWT) => complete(jwt).setSubject('admin')],
  ])('refuses a token %s', async (_name, change) => {
    expect(await meWith(await token(change))).toBe(401);
  });

  it('refuses a token without the session version', async () => {
    expect(await meWith(await token(complete, t.deps.sessionSecret, {}))).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    expect(await meWith(await token(complete, new TextEncoder().encode('another-secret-another-secret-123')))).toBe(401);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const unsigned = new UnsecuredJWT({ ver: 1 })
      .setSubject('1')
      .setIssuer('author-site')
      .setAudience('author-site:admin')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect(unsigned.split('.')[2]).toBe('');
    expect(await meWith(unsigned)).toBe(401);
  });

  it('refuses a token signed with another algorithm (HS512) even with the right key', async () => {
    const other = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('1')
      .setIssuer('author-site')
      .setAudience('author-site:admin')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(t.deps.sessionSecret);
    expect(await meWith(other)).toBe(401);
  });

  it("ends a session by the app's clock, which signed it (decision 14)", async () => {
    await t.createUser('admin', PASSWORD);
    t.clock.now = new Date('2026-01-01T00:00:00Z');
    const cookie = await t.signIn('admin', PASSWORD);
    t.clock.now = new Date('2026-01-07T23:00:00Z');
    expect((await t.call('/api/auth/me', { cookie })).status).toBe(200);
    t.clock.now = new Date(Date.parse('2026-01-01T00:00:00Z') + (SESSION_SECONDS + 60) * 1000);
    expect((await t.call('/api/auth/me', { cookie })).status).toBe(401);
  });

  it('signs every device out when a token without an id (issued before tokens had one) signs out', async () => {
    await t.createUser('admin', PASSWORD);
    const elsewhere = await t.signIn('admin', PASSWORD);
    const old = `session=${await token(complete)}`;
    expect((await t.call('/api/auth/me', { cookie: old })).status).toBe(200);
    expect((await t.call('/api/auth/logout', { method: 'POST', cookie: old })).status).toBe(200);
    expect((await t.call('/api/auth/me', { cookie: old })).status).toBe(401);
    expect((await t.call('/api/auth/me', { cookie: elsewhere })).status).toBe(401);
  });

  it('refuses a token from before the session version was bumped', async () => {
    await t.createUser('admin', PASSWORD);
    const old = await signSessionToken(t.deps.sessionSecret, { userId: 1, version: 0 }, new Date());
    expect((await t.call('/api/auth/me', { cookie: `session=${old}` })).status).toBe(401);
  });
});

describe('session cookies', () => {
  const loginOver = (origin: string) =>
    t.app.request(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });

  it('over https is __Host-session: HttpOnly, Secure, SameSite=Lax, Path=/ and no Domain', async () => {
    await t.createUser('admin', PASSWORD);
    const res = await loginOver('https://author.example');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);

    const me = await t.app.request('https://author.example/api/auth/me', { headers: { cookie: sessionCookieFrom(res) } });
    expect(me.status).toBe(200);
  });

  it('over https ignores a plain "session" cookie, which any subdomain or http page could have planted', async () => {
    await t.createUser('admin', PASSWORD);
    const valid = await signSessionToken(t.deps.sessionSecret, { userId: 1, version: 1 }, new Date());
    const planted = await t.app.request('https://author.example/api/auth/me', { headers: { cookie: `session=${valid}` } });
    expect(planted.status).toBe(401);
    const hostOnly = await t.app.request('https://author.example/api/auth/me', { headers: { cookie: `__Host-session=${valid}` } });
    expect(hostOnly.status).toBe(200);
  });

  it('on plain-http localhost stays "session", HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
    await t.createUser('admin', PASSWORD);
    const res = await loginOver('http://localhost:4321');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('logout over https clears the __Host-session cookie', async () => {
    await t.createUser('admin', PASSWORD);
    const cookie = sessionCookieFrom(await loginOver('https://author.example'));
    const res = await t.app.request('https://author.example/api/auth/logout', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/^__Host-session=;.*Max-Age=0.*Secure/);
  });
});
