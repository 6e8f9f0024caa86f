// Security suite (docs/product.md, Security): session tokens an attacker could make. Each one is sent as the
// session cookie to an admin route and must count as signed out (401), while a token made the
// same way with the right key and claims is accepted (so each refusal is for the reason named).
import { SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';

const t = useApiTestContext();

const OTHER_KEY = new TextEncoder().encode('another-secret-that-is-also-32-bytes-long!');
const NOW = () => Math.floor(Date.now() / 1000);

let userId: number;
let version: number;
let cookieName: string;

const sessionVersionOf = async (id: number) =>
  (await t.database.db.selectFrom('users').select('session_version').where('id', '=', id).executeTakeFirstOrThrow()).session_version;

beforeEach(async () => {
  userId = await t.createUser('admin-user', 'correct horse battery', 'admin');
  version = await sessionVersionOf(userId);
  // The harness calls over http, where the cookie is plain "session".
  cookieName = (await t.signIn('admin-user', 'correct horse battery')).split('=')[0]!;
});

/** The claims the app's own tokens carry (functions/auth/session.ts). */
function validClaims(): JWTPayload {
  return { sub: String(userId), ver: version, iss: 'author-site', aud: 'author-site:admin', iat: NOW(), exp: NOW() + 3600 };
}

async function sign(claims: JWTPayload, { key = t.deps.sessionSecret, alg = 'HS256' } = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

const without = (claims: JWTPayload, ...names: string[]) =>
  Object.fromEntries(Object.entries(claims).filter(([name]) => !names.includes(name)));
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function statusWith(token: string): Promise<number[]> {
  const cookie = `${cookieName}=${token}`;
  const statuses = [];
  for (const path of ['/api/admin/quick-stats', '/api/auth/me', '/api/stories/list'])
    statuses.push((await t.call(path, { cookie })).status);
  return statuses;
}

describe('session tokens', () => {
  it('a token made with the right key and claims is accepted (the control)', async () => {
    expect(await statusWith(await sign(validClaims()))).toEqual([200, 200, 200]);
  });

  const FORGED: [string, () => Promise<string>][] = [
    ['signed with another key', () => sign(validClaims(), { key: OTHER_KEY })],
    ['expired', () => sign({ ...validClaims(), iat: NOW() - 7200, exp: NOW() - 60 })],
    ["with alg 'none'", async () => new UnsecuredJWT(validClaims()).encode()],
    [
      "with alg 'none' and the original signature kept",
      async () => {
        const [, payload, signature] = (await sign(validClaims())).split('.');
        return `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`;
      },
    ],
    ["with alg 'NONE'", async () => `${b64url({ alg: 'NONE' })}.${b64url(validClaims())}.`],
    ['signed HS512 with the right key', () => sign(validClaims(), { alg: 'HS512' })],
    ['for another audience', () => sign({ ...validClaims(), aud: 'someone-else' })],
    ['from another issuer', () => sign({ ...validClaims(), iss: 'evil.example' })],
    ['without sub', () => sign(without(validClaims(), 'sub'))],
    ['without exp', () => sign(without(validClaims(), 'exp'))],
    ['without iat', () => sign(without(validClaims(), 'iat'))],
    [
      'issued longer ago than a session lasts, with a far expiry',
      () => sign({ ...validClaims(), iat: NOW() - 60 * 24 * 3600, exp: NOW() + 3600 }),
    ],
    ['issued in the future', () => sign({ ...validClaims(), iat: NOW() + 3600, exp: NOW() + 7200 })],
    ['not valid before a time to come', () => sign({ ...validClaims(), nbf: NOW() + 3600 })],
    ['for a user who does not exist', () => sign({ ...validClaims(), sub: '999999' })],
    ['with a sub that is no number', () => sign({ ...validClaims(), sub: `1' OR '1'='1` })],
    ['with an old session version (revoked)', () => sign({ ...validClaims(), ver: version - 1 })],
    ['with the session version missing', () => sign(without(validClaims(), 'ver'))],
    [
      'with the payload changed after signing',
      async () => {
        const [header, , signature] = (await sign(validClaims())).split('.');
        return `${header}.${b64url({ ...validClaims(), sub: String(userId + 1) })}.${signature}`;
      },
    ],
    ['with the signature cut off', async () => `${(await sign(validClaims())).split('.').slice(0, 2).join('.')}.`],
    ['that is not a token at all', async () => 'not-a-token'],
    ['that is empty', async () => ''],
  ];

  it.each(FORGED)('a token %s counts as signed out', async (_name, make) => {
    const token = await make();
    const [adminRoute, me, storyList] = await statusWith(token);
    expect(adminRoute).toBe(401);
    expect(me).toBe(401);
    expect(storyList).toBe(401); // the full story list is for staff only
  });

  it('a token for a real user and role claim in the token grants nothing: roles come from the database', async () => {
    const modId = await t.createUser('mod-user', 'correct horse battery', 'mod');
    const token = await sign({ ...validClaims(), sub: String(modId), ver: await sessionVersionOf(modId), role: 'admin' });
    expect((await t.call('/api/stories/create', { cookie: `${cookieName}=${token}`, json: { title: 'x', slug: 'x' } })).status).toBe(403);
  });

  it('a session ends at sign-out: the old token no longer works', async () => {
    const cookie = await t.signIn('admin-user', 'correct horse battery');
    expect((await t.call('/api/admin/quick-stats', { cookie })).status).toBe(200);
    await t.call('/api/auth/logout', { cookie, method: 'POST', json: {} });
    // Logging out of one session may keep others; a password change ends them all.
    await t.call('/api/auth/change-password', {
      cookie: await t.signIn('admin-user', 'correct horse battery'),
      json: { currentPassword: 'correct horse battery', newPassword: 'another horse battery' },
    });
    expect((await t.call('/api/admin/quick-stats', { cookie })).status).toBe(401);
  });
});
