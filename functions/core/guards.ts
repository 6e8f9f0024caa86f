// Request guards: body size, CSRF and response headers on every API route; banned addresses on
// the routes where visitors write.
import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import type { AppDeps, AppEnv } from './env.ts';
import { AppError } from './errors.ts';
import { canonicalAddress } from './ip-address.ts';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const tooLarge = () => new AppError(400, 'Request body is too large (the limit is 1 MB).');

/** Counts the bytes of a body sent without a length (chunked) as they arrive. */
const limitStreamedJson = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

/**
 * JSON bodies are capped at 1 MB; upload routes set their own, larger limits. A body sent with its
 * length is judged by the header alone, as bodyLimit does too, but without first asking for the
 * body stream, which makes the Node adapter build a Web Request for it: a sixth of the ingest's
 * work (decision 10). The runtime's HTTP parser holds the body to the declared length.
 */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/json/i.test(c.req.header('content-type') ?? '')) return next();
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return limitStreamedJson(c, next);
  if (Number.parseInt(length, 10) > JSON_BODY_LIMIT_BYTES) throw tooLarge();
  await next();
};

/**
 * Whether the request comes from the site's own pages. Where the site's origin is configured,
 * that is the one compared: the request's own origin comes from the Host header, which a
 * DNS-rebinding page or a misrouting proxy controls, and Sec-Fetch-Site is then no proof either
 * (a rebound page is "same-origin" to itself).
 */
const ownOrigin = (origin: string, c: Context<AppEnv>) => origin === (c.var.deps.siteOrigin ?? new URL(c.req.url).origin);
const sameOriginFetch = (secFetchSite: string, c: Context<AppEnv>) => secFetchSite === 'same-origin' && c.var.deps.siteOrigin === undefined;

/** Form-like bodies (which a page elsewhere can post without asking) must come from our own origin. */
const formCsrf = csrf({ origin: ownOrigin, secFetchSite: sameOriginFetch });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Posts that the token in their address authorises, not the visitor's browser: a mail
 * provider's one-click unsubscribe (RFC 8058) comes with no Origin and no cookie, and another
 * site holding the token could only do what the token already allows (docs/product.md,
 * Following by email).
 */
const TOKEN_AUTHORISED_POSTS = new Set(['/api/unsubscribe', '/api/unsubscribe.php']);

/**
 * A state-changing request whose Origin names another site is refused whatever its body: JSON
 * too, so that no CORS mistake or browser quirk can ever let another site's page write (decision
 * 21). No route is called by another server's browser, and requests without an Origin (curl,
 * server-to-server) are not browsers' and pass as before.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'POST' && TOKEN_AUTHORISED_POSTS.has(c.req.path)) return next();
  const origin = c.req.header('origin');
  if (
    origin !== undefined &&
    !SAFE_METHODS.has(c.req.method) &&
    !ownOrigin(origin, c) &&
    !sameOriginFetch(c.req.header('sec-fetch-site') ?? '', c)
  ) {
    throw new AppError(403, 'Cross-site request refused.');
  }
  return formCsrf(c, next);
};

/** The wording for a refused reader write from a banned address (docs/product.md, Security). */
export const BANNED_ADDRESS_MESSAGE = 'Your address has been banned from commenting and liking on this site.';

/**
 * For the routes where anonymous visitors write (comments, likes): a banned address may read the
 * site but not write to it. Staff routes do not use it, so a ban never locks staff out: an author
 * who banned their own address by mistake can still sign in and lift the ban.
 */
export const bannedAddressGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clientIp } = c.var.deps;
  if (await isBanned(db, clientIp(c))) throw new AppError(403, BANNED_ADDRESS_MESSAGE);
  await next();
};

/**
 * Whether a ban covers the client address (text the runtime reports; anything not an address is
 * never banned). The column holds one address or a range, so this is one containment query. No
 * cache: a ban or an unban takes effect with the very next request, on every instance.
 */
export async function isBanned(db: AppDeps['db'], clientIp: string): Promise<boolean> {
  const address = canonicalAddress(clientIp);
  if (address === null) return false;
  const row = await db
    .selectFrom('banned_ips')
    .select('id')
    .where(sql<boolean>`ip_address >>= ${address}::inet`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** API answers are data, never pages: no sniffing, no framing, no caching of personal data. */
export const apiHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  c.header('Referrer-Policy', 'same-origin');
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};
