// Likes count once per visitor. A visitor is an anonymous random id in an HttpOnly cookie, not
// the client address: households and offices share addresses, and phones change theirs.
//
// A like counts only for a cookie an earlier request issued (docs/product.md, Content and its rules): the cookie
// carries a keyed hash of its id, so an id the sender made up is not one. Reading the like state
// issues it; a like without it gets it and a 409 to try again (toggle.ts).
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isHttps } from '#functions/auth/session.ts';
import type { AppEnv } from '#core/env.ts';
import { hmacHex } from '#core/hmac.ts';

export const VISITOR_COOKIE = 'visitor';
const VISITOR_SECONDS = 365 * 24 * 60 * 60;
/** What crypto.randomUUID() makes, then the first 128 bits of its keyed hash. */
const VISITOR_VALUE = /^([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\.([0-9a-f]{32})$/;

const signature = async (c: Context<AppEnv>, id: string) => (await hmacHex(c.var.deps.sessionSecret, 'visitor', id)).slice(0, 32);

/** The visitor id from the cookie, or null when there is none or it is not one we issued. */
export async function readVisitor(c: Context<AppEnv>): Promise<string | null> {
  const [, id, signed] = VISITOR_VALUE.exec(getCookie(c, VISITOR_COOKIE) ?? '') ?? [];
  return id && signed === (await signature(c, id)) ? id : null;
}

/** The visitor id, issuing a new cookie when the request has none we issued. */
export async function ensureVisitor(c: Context<AppEnv>): Promise<string> {
  const known = await readVisitor(c);
  if (known) return known;
  const id = crypto.randomUUID();
  setCookie(c, VISITOR_COOKIE, `${id}.${await signature(c, id)}`, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: VISITOR_SECONDS,
  });
  return id;
}
