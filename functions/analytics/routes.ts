// POST /api/analytics/ingest: one event from a reader's page (src/scripts/analytics.ts).
// It answers 204 with no body: the pages ignore the answer, and a beacon cannot read it anyway.
//
// CSRF: the pages send the event as JSON (a JSON Blob through sendBeacon, or fetch) from the
// site's own origin; the app's csrfGuard refuses any other origin (403) and jsonBody any other
// content type (400). Nothing is lost by this: a script outside a browser can post events anyway,
// as to any analytics endpoint, and an event changes nothing but a count.
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { type AppEnv, nowOf } from '#core/env.ts';
import { ANALYTICS_LIMIT, rateLimitHits, refuseWhenLimited } from '#core/rate-limit.ts';
import { declaredJsonText, parseJsonObject, parseJsonText, shallowJsonText } from '#core/validate.ts';
import { referrerHost } from './referrer.ts';
import { type AnalyticsEventInput, analyticsEventBody } from './schema.ts';
import { analyticsStore, type EventRecord } from './store.ts';
import { describeUserAgent, isAutomated } from './user-agent.ts';

/**
 * Visitors who ask not to be tracked (Do Not Track, Global Privacy Control) and known bots get
 * the same 204 as everyone else, and nothing is stored or even read. (Banned addresses too: the
 * store leaves them out in the same statement that writes the event.)
 */
const skipUncountedVisitors: MiddlewareHandler<AppEnv> = async (c, next) => {
  const optedOut = c.req.header('dnt') === '1' || c.req.header('sec-gpc') === '1';
  if (optedOut || isAutomated(c.req.header('user-agent'))) return c.body(null, 204);
  await next();
};

export const analyticsRoutes = new Hono<AppEnv>().post('/ingest', skipUncountedVisitors, async (c) => {
  const { db, clientIp } = c.var.deps;
  const text = await declaredJsonText(c);
  const userAgent = c.req.header('user-agent')!; // skipUncountedVisitors let only requests with one through
  // The limit is counted with the event's batch (store.ts) rather than by the rateLimit
  // middleware: one database round trip per batch instead of two, the ingest's p99 at 1,000/s.
  // The batch counts it before it reads the event, so malformed or too deep events use up the allowance too.
  const { hits, refused } = await analyticsStore.record(db, {
    event: () => eventRecord(c, parseJsonObject(analyticsEventBody, parseJsonText(shallowJsonText(text))), userAgent),
    sender: { ip: clientIp(c), userAgent },
    hits: await rateLimitHits(c, ANALYTICS_LIMIT),
  });
  refuseWhenLimited(ANALYTICS_LIMIT, hits);
  if (refused) throw refused;
  return c.body(null, 204);
});

/** The row for a checked event: what the page sent, and what the server reads from the request. */
function eventRecord(c: Context<AppEnv>, { referrer, meta, ...event }: AnalyticsEventInput, userAgent: string): EventRecord {
  return {
    ...event,
    meta: JSON.stringify(meta ?? {}),
    referrer: referrerHost(referrer, [c.req.header('origin'), c.req.url]),
    ...describeUserAgent(userAgent),
    created_at: nowOf(c.var.deps),
  };
}
