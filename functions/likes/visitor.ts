// Likes count once per visitor. A visitor is an anonymous random id in an HttpOnly cookie, not
// the client address: households and offices share addresses, and phones change theirs.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isHttps } from '../auth/session.ts';
import type { AppEnv } from '../core/env.ts';

export const VISITOR_COOKIE = 'visitor';
const VISITOR_SECONDS = 365 * 24 * 60 * 60;
/** What crypto.randomUUID() makes; anything else in the cookie was not set by us. */
const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The visitor id from the cookie, or null when there is none or it is not one we could have set. */
export function readVisitor(c: Context<AppEnv>): string | null {
  const value = getCookie(c, VISITOR_COOKIE);
  return value !== undefined && VISITOR_ID.test(value) ? value : null;
}

/** The visitor id, issuing a new cookie when the request has none (or a forged one). */
export function ensureVisitor(c: Context<AppEnv>): string {
  const known = readVisitor(c);
  if (known) return known;
  const id = crypto.randomUUID();
  setCookie(c, VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: VISITOR_SECONDS,
  });
  return id;
}
