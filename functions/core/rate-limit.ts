// Per-address limits on what anonymous visitors may send (docs/product.md, Security). Each route
// places its limit after its validator, so only well-formed requests count: a typo does not use up
// a reader's allowance, and malformed floods are cheap to refuse anyway.
import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { rateLimitSubject } from './ip-address.ts';
import { type AppEnv, nowOf } from './env.ts';
import { AppError } from './errors.ts';
import { hmacHex } from './hmac.ts';
import { type Hit, type HitResult, rateLimitStore, type Window } from './rate-limit-store.ts';

export interface RateLimitPolicy {
  /** Part of the counter key: limits with different names count separately. */
  name: string;
  windows: readonly Window[];
  /** What a refused visitor reads. */
  message: string;
}

/** Chapter and image comments together: a person writes a few a minute at most. */
export const COMMENT_LIMIT: RateLimitPolicy = {
  name: 'comment',
  windows: [
    { limit: 5, seconds: 60 },
    { limit: 30, seconds: 60 * 60 },
  ],
  message: 'You are commenting too quickly. Please wait a little and try again.',
};

/**
 * Chapter and image likes together: enough to like every image on a gallery page quickly, and a
 * whole large gallery or a long story in an hour or a day; far below what one address could add
 * with a fresh visitor cookie per like (docs/product.md, Content and its rules).
 */
export const LIKE_LIMIT: RateLimitPolicy = {
  name: 'like',
  windows: [
    { limit: 60, seconds: 60 },
    { limit: 600, seconds: 60 * 60 },
    { limit: 2000, seconds: 24 * 60 * 60 },
  ],
  message: 'You are liking too quickly. Please wait a little and try again.',
};

/** Follow-by-email subscribes: a reader follows a story or two, and each may send an email, so the limit is tight. */
export const SUBSCRIBE_LIMIT: RateLimitPolicy = {
  name: 'subscribe',
  windows: [
    { limit: 5, seconds: 60 },
    { limit: 20, seconds: 60 * 60 },
  ],
  message: 'Too many requests to follow by email from your address. Please wait a little and try again.',
};

/** Analytics events: a busy reader sends a few a minute (page views, depth, clicks). */
export const ANALYTICS_LIMIT: RateLimitPolicy = {
  name: 'analytics',
  windows: [{ limit: 120, seconds: 60 }],
  message: 'Too many events. Please wait a little and try again.',
};

/**
 * Counter keys already worked out, by secret and address: most requests come from an address
 * seen moments ago, and Web Crypto's HMAC is a round trip to Node's thread pool (decision 10,
 * the ingest's latency).
 */
const counterKeysBySecret = new WeakMap<Uint8Array, LRUCache<string, string>>();

/**
 * The counter's key: the policy and a keyed hash of the address, so the table never holds an
 * address (analytics promises to store none, docs/product.md) and a plain hash of all 2^32 IPv4
 * addresses cannot undo it. The app's secret keys it, with a label of its own.
 */
async function counterKey(secret: Uint8Array, policy: RateLimitPolicy, subject: string): Promise<string> {
  let bySubject = counterKeysBySecret.get(secret);
  if (!bySubject) {
    bySubject = new LRUCache({ max: 10_000 });
    counterKeysBySecret.set(secret, bySubject);
  }
  let hex = bySubject.get(subject);
  if (hex === undefined) {
    hex = await hmacHex(secret, 'rate-limit', subject);
    bySubject.set(subject, hex);
  }
  return `${policy.name}:${hex}`;
}

/** The hits one request makes against `policy` from the client's address, one per window. */
export async function rateLimitHits(c: Context<AppEnv>, policy: RateLimitPolicy): Promise<Hit[]> {
  const { clientIp, sessionSecret, rateLimitScale = 1 } = c.var.deps;
  const key = await counterKey(sessionSecret, policy, rateLimitSubject(clientIp(c)));
  const now = nowOf(c.var.deps);
  return policy.windows.map((window) => ({ key, window: { ...window, limit: window.limit * rateLimitScale }, now }));
}

/** Refuses the request when any window is full: 429 with Retry-After. */
export function refuseWhenLimited(policy: RateLimitPolicy, results: readonly HitResult[]): void {
  const retryAfter = Math.max(0, ...results.map((result) => result.retryAfterSeconds));
  if (retryAfter > 0) throw new AppError(429, policy.message, { 'Retry-After': String(retryAfter) });
}

/** Counts the request against `policy` for the client's address; throws 429 once any window is full. */
export async function checkRateLimit(c: Context<AppEnv>, policy: RateLimitPolicy): Promise<void> {
  const results = [];
  for (const { key, window, now } of await rateLimitHits(c, policy))
    results.push(await rateLimitStore.hit(c.var.deps.db, key, window, now));
  refuseWhenLimited(policy, results);
}

/** checkRateLimit as a route's middleware. */
export function rateLimit(policy: RateLimitPolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await checkRateLimit(c, policy);
    await next();
  };
}
