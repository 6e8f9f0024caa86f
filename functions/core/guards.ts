// Request guards every API route shares: body size, CSRF, banned addresses, response headers.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import type { AppEnv } from './env.ts';
import { AppError } from './errors.ts';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const limitJson = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError(400, 'Request body is too large (the limit is 1 MB).');
  },
});

/** JSON bodies are capped at 1 MB; upload routes set their own, larger limits. */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/json/i.test(c.req.header('content-type') ?? '')) return limitJson(c, next);
  await next();
};

/**
 * Browsers cannot send a cross-site JSON request without a CORS preflight (which this API never
 * grants), so JSON bodies pass; any other state-changing request must come from our own origin.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = csrf({
  origin: (origin, c: Context<AppEnv>) =>
    origin === new URL(c.req.url).origin || (c.var.deps.trustedOrigins ?? []).includes(origin),
});

const BAN_RETRY_AFTER_SECONDS = 24 * 60 * 60;

/** A banned address may read the site but not write to it (comments, likes, sign-in). */
export const bannedAddressGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const { db, clientIp } = c.var.deps;
    const banned = await db.selectFrom('banned_ips').select('id').where('ip_address', '=', clientIp(c)).executeTakeFirst();
    if (banned) {
      throw new AppError(429, 'Your address has been blocked from posting to this site.', {
        'Retry-After': String(BAN_RETRY_AFTER_SECONDS),
      });
    }
  }
  await next();
};

/** API answers are data, never pages: no sniffing, no framing, no caching of personal data. */
export const apiHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  c.header('Referrer-Policy', 'same-origin');
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};
