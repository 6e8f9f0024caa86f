import { describe, expect, it } from 'vitest';
import { sessionCookieFrom, useApiTestContext } from '#scripts/test/api.ts';
import { PASSWORD_COST } from './password.ts';

const t = useApiTestContext();
const PASSWORD = 'correct horse battery';

describe('POST /api/auth/login', () => {
  it('signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    await t.createUser('admin', PASSWORD, 'admin');
    const res = await t.call('/api/auth/login', { json: { username: 'admin', password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { id: 1, username: 'admin', role: 'admin' } });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http in tests; https requests get Secure
    // The hint for public pages is readable by scripts and carries nothing but "1".
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('signed_in='))!;
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
  });

  it('treats usernames case-insensitively', async () => {
    await t.createUser('Author', PASSWORD, 'author');
    const res = await t.call('/api/auth/login', { json: { username: 'author', password: PASSWORD } });
    expect(res.status).toBe(200);
  });

  it('marks the cookie Secure over https', async () => {
    await t.createUser('admin', PASSWORD);
    const res = await t.app.request('https://author.example/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(res.headers.getSetCookie()[0]).toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown user with the same 401 message', async () => {
    await t.createUser('admin', PASSWORD);
    const wrongPassword = await t.call('/api/auth/login', { json: { username: 'admin', password: 'nope-nope' } });
    const unknownUser = await t.call('/api/auth/login', { json: { username: 'ghost', password: PASSWORD } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    const a = await wrongPassword.json();
    const b = await unknownUser.json();
    expect(a).toEqual({ success: false, error: 'Invalid username or password.' });
    expect(b).toEqual(a);
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ['a missing username', { password: PASSWORD }, 'Username is required', 'username'],
    ['an empty password', { username: 'admin', password: '' }, 'Password is required', 'password'],
    ['a number as username', { username: 42, password: PASSWORD }, 'Username is required', 'username'],
    ['an unknown field', { username: 'admin', password: PASSWORD, remember: true }, 'Unknown field: remember', null],
    [
      'a 65-character username',
      { username: 'a'.repeat(65), password: PASSWORD },
      'Username is too long (at most 64 characters)',
      'username',
    ],
  ])('refuses %s with 400, naming the field', async (_name, json, message, field) => {
    const res = await t.call('/api/auth/login', { json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: message, ...(field && { fields: { [field]: message } }) });
  });

  it('refuses malformed JSON, a non-object body and a non-JSON content type with 400', async () => {
    const malformed = await t.call('/api/auth/login', { body: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/Malformed JSON/);

    const array = await t.call('/api/auth/login', { json: ['admin', PASSWORD] });
    expect(array.status).toBe(400);
    expect((await array.json()).error).toBe('The request body must be a JSON object.');

    const form = await t.call('/api/auth/login', {
      body: 'username=admin&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect((await form.json()).error).toMatch(/as JSON/);
  });

  it('refuses a body over 1 MB with 400, whether it comes with its length or in chunks', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024 + 10) });
    const declared = await t.call('/api/auth/login', {
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    const chunked = await t.call('/api/auth/login', { body, headers: { 'content-type': 'application/json' } }); // no length: counted as read
    for (const res of [declared, chunked]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Request body is too large (the limit is 1 MB).');
    }
  });

  it('treats SQL quotes and markup in the username as plain text', async () => {
    const res = await t.call('/api/auth/login', { json: { username: "admin' OR '1'='1", password: "' OR 1=1 --" } });
    expect(res.status).toBe(401);
  });
});

describe('login throttling', () => {
  it('blocks an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    await t.createUser('admin', PASSWORD);
    for (let i = 0; i < 5; i++) {
      const res = await t.call('/api/auth/login', { json: { username: 'admin', password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await t.call('/api/auth/login', { json: { username: 'ADMIN', password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect((await blocked.json()).error).toMatch(/Too many failed attempts/);
  });

  it('blocks an address that guesses across many accounts', async () => {
    for (let i = 0; i < 21; i++) {
      await t.call('/api/auth/login', { json: { username: `user${i}`, password: 'guess-guess' }, ip: '192.0.2.50' });
    }
    const blocked = await t.call('/api/auth/login', { json: { username: 'someone', password: 'guess-guess' }, ip: '192.0.2.50' });
    expect(blocked.status).toBe(429);
    const elsewhere = await t.call('/api/auth/login', { json: { username: 'someone', password: 'guess-guess' }, ip: '192.0.2.51' });
    expect(elsewhere.status).toBe(401);
  });
});

describe('banned addresses', () => {
  it('still let staff sign in: a ban never locks the author out', async () => {
    await t.createUser('admin', PASSWORD);
    await t.database.db.insertInto('banned_ips').values({ ip_address: '203.0.113.9', reason: 'spam' }).execute();
    const res = await t.call('/api/auth/login', { json: { username: 'admin', password: PASSWORD }, ip: '203.0.113.9' });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user', async () => {
    const cookie = await t.signedInAs('mod');
    const res = await t.call('/api/auth/me', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { id: 1, username: 'mod-user', role: 'mod' } });
  });

  it('answers 401 without a cookie, with a forged token and with a token signed by another key', async () => {
    expect((await t.call('/api/auth/me')).status).toBe(401);
    expect((await t.call('/api/auth/me', { cookie: 'session=not.a.jwt' })).status).toBe(401);
    const { signSessionToken } = await import('./session.ts');
    const foreign = await signSessionToken(
      new TextEncoder().encode('another-secret-another-secret-123'),
      { userId: 1, version: 1 },
      new Date(),
    );
    await t.createUser('admin', PASSWORD);
    expect((await t.call('/api/auth/me', { cookie: `session=${foreign}` })).status).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  const NEW_PASSWORD = 'a much longer passphrase';

  it('changes the password, keeps this session and revokes the others', async () => {
    await t.createUser('admin', PASSWORD);
    const here = await t.signIn('admin', PASSWORD);
    const elsewhere = await t.signIn('admin', PASSWORD);
    const res = await t.call('/api/auth/change-password', {
      cookie: here,
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const renewed = sessionCookieFrom(res);
    expect((await t.call('/api/auth/me', { cookie: renewed })).status).toBe(200);
    expect((await t.call('/api/auth/me', { cookie: elsewhere })).status).toBe(401);
    expect((await t.call('/api/auth/me', { cookie: here })).status).toBe(401);
    expect((await t.call('/api/auth/login', { json: { username: 'admin', password: PASSWORD } })).status).toBe(401);
    expect((await t.call('/api/auth/login', { json: { username: 'admin', password: NEW_PASSWORD } })).status).toBe(200);
    // The test's account was hashed cheaply (scripts/test/passwords.ts); the route hashes at the production cost.
    const { password_hash } = await t.database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    const { memorySize, iterations, parallelism } = PASSWORD_COST;
    expect(password_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memorySize},t=${iterations},p=${parallelism}\\$`));
  });

  it.each([
    [
      'a short new password',
      { currentPassword: PASSWORD, newPassword: 'short' },
      'New password must be at least 8 characters long',
      'newPassword',
    ],
    ['a missing current password', { newPassword: NEW_PASSWORD }, 'Current password is required', 'currentPassword'],
    [
      'a wrong current password',
      { currentPassword: 'not-it-at-all', newPassword: NEW_PASSWORD },
      'Current password is incorrect.',
      'currentPassword',
    ],
    [
      'an unchanged password',
      { currentPassword: PASSWORD, newPassword: PASSWORD },
      'The new password must differ from the current one.',
      'newPassword',
    ],
  ])('refuses %s with 400, naming the field, and keeps the old password', async (_name, json, message, field) => {
    await t.createUser('admin', PASSWORD);
    const cookie = await t.signIn('admin', PASSWORD);
    const res = await t.call('/api/auth/change-password', { cookie, json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: message, fields: { [field]: message } });
    expect((await t.call('/api/auth/me', { cookie })).status).toBe(200);
  });

  it('answers 401 when not signed in', async () => {
    const res = await t.call('/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(res.status).toBe(401);
  });

  it('lets every staff role change its own password', async () => {
    const cookie = await t.signedInAs('mod');
    const res = await t.call('/api/auth/change-password', {
      cookie,
      json: { currentPassword: 'correct horse battery', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
  });
});

describe('the .php alias', () => {
  it('serves every route with and without .php', async () => {
    await t.createUser('admin', PASSWORD);
    const res = await t.call('/api/auth/login.php', { json: { username: 'admin', password: PASSWORD } });
    expect(res.status).toBe(200);
    const cookie = sessionCookieFrom(res);
    const me = await t.call('/api/auth/me.php', { cookie });
    expect((await me.json()).user.username).toBe('admin');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call('/api/nothing/here.php');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'No such API route.' });
  });
});

describe('Secure cookies behind an https proxy', () => {
  it('marks the cookie Secure when the app is told the site is https, even over http', async () => {
    const { createApp } = await import('#functions/app.ts');
    const app = createApp({ ...t.deps, secureCookies: true });
    await t.createUser('admin', PASSWORD);
    const res = await app.request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/Secure/);
  });
});

describe('the configured site origin (SITE_URL) for CSRF', () => {
  it('accepts a non-JSON write from the site origin even when the app is reached at another address, and refuses others', async () => {
    const { createApp } = await import('#functions/app.ts');
    const app = createApp({ ...t.deps, siteOrigin: 'https://author.example' });
    const post = (origin: string) =>
      app.request('http://internal:4321/api/auth/logout', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'x=1',
      });
    expect((await post('https://author.example')).status).toBe(200);
    expect((await post('https://evil.example')).status).toBe(403);
  });
});
