// Session = a short JWT (HS256, jose) in an HttpOnly SameSite=Lax cookie. It names the user and
// the user's session version; bumping the version (signing out everywhere, a password change)
// revokes every token issued before, without a session table. Signing out one device refuses
// that token's id until it expires (docs/decisions/0034-roles-decide-what-the-admin-shows.md). Over https the cookie is `__Host-session`: the
// browser then keeps it Secure, host-only and on Path=/, so no sibling subdomain or plain-http
// page can plant one.
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { StaffRole } from '#db/types.ts';
import { AppError } from '#core/errors.ts';
import { type AppEnv, nowOf, type SessionUser } from '#core/env.ts';
import { SIGNED_IN_HINT_COOKIE } from '#lib/signed-in-hint.ts';
import { userStore } from './store.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'author-site';
const AUDIENCE = 'author-site:admin';

interface TokenClaims {
  userId: number;
  version: number;
}

/** What a valid token says: its claims, its id (tokens issued before ids existed have none) and its expiry. */
interface SessionToken extends TokenClaims {
  tokenId: string | null;
  expiresAt: Date;
}

/** Signed at `now`, the app's clock, as every token is read (core/env.ts nowOf). */
export async function signSessionToken(secret: Uint8Array, { userId, version }: TokenClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(crypto.randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_SECONDS)
    .sign(secret);
}

export async function readSessionToken(secret: Uint8Array, token: string, now: Date): Promise<SessionToken | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
      issuer: ISSUER,
      audience: AUDIENCE,
      // A token without an expiry or issue time would never end; one older than a session is stale.
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: SESSION_SECONDS,
    });
    const userId = Number(payload.sub);
    const version = payload['ver'];
    if (!Number.isSafeInteger(userId) || typeof version !== 'number') return null;
    return { userId, version, tokenId: payload.jti ?? null, expiresAt: new Date(payload.exp! * 1000) };
  } catch {
    return null; // bad signature, expired, wrong audience, a claim missing: all mean "not signed in"
  }
}

/** Cookies get Secure on https requests, or always when the site sits behind an https proxy. */
export function isHttps(c: Context<AppEnv>): boolean {
  return c.var.deps.secureCookies === true || new URL(c.req.url).protocol === 'https:';
}

/**
 * The name a credential cookie has on this request: `__Host-<name>` over https (the browser
 * accepts it only Secure, without Domain, on Path=/), the plain name on http (localhost).
 */
export function credentialCookieName(c: Context<AppEnv>, name: string): string {
  return isHttps(c) ? `__Host-${name}` : name;
}

export async function startSession(c: Context<AppEnv>, claims: TokenClaims): Promise<void> {
  const token = await signSessionToken(c.var.deps.sessionSecret, claims, nowOf(c.var.deps));
  const options = { sameSite: 'Lax', secure: isHttps(c), path: '/', maxAge: SESSION_SECONDS } as const;
  setCookie(c, credentialCookieName(c, SESSION_COOKIE), token, { ...options, httpOnly: true });
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', options);
}

export function endSession(c: Context<AppEnv>): void {
  deleteCookie(c, credentialCookieName(c, SESSION_COOKIE), { path: '/', secure: isHttps(c) });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: isHttps(c) });
}

/** The request's session: the signed-in user and its token, or null when the cookie is missing, invalid, expired or revoked. */
export async function currentSession(c: Context<AppEnv>): Promise<{ user: SessionUser; token: SessionToken } | null> {
  // Over https only the __Host- cookie counts: a plain "session" cookie could have been planted.
  const cookie = getCookie(c, credentialCookieName(c, SESSION_COOKIE));
  if (!cookie) return null;
  const token = await readSessionToken(c.var.deps.sessionSecret, cookie, nowOf(c.var.deps));
  if (!token) return null;
  const user = await userStore.findSessionUser(c.var.deps.db, token.userId, token.tokenId);
  if (!user || user.session_version !== token.version) return null;
  return { user: { id: user.id, username: user.username, role: user.role }, token };
}

/** The signed-in user, or null when the cookie is missing, invalid, expired or revoked. */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  return (await currentSession(c))?.user ?? null;
}

/**
 * Lets the request through only for a signed-in user with one of `roles` (any staff role when
 * none are named). Roles compare case-insensitively.
 */
export function requireRole(...roles: StaffRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(c);
    if (!user) throw new AppError(401, 'Please sign in to continue.');
    if (roles.length > 0 && !roles.includes(user.role.toLowerCase() as StaffRole)) {
      throw new AppError(403, 'Your role does not allow this action.');
    }
    c.set('user', user);
    await next();
  };
}
