// The security headers of every page, shared by the Node server's static site
// (scripts/server/static-site.ts) and the Worker (functions/cloudflare/page-headers.ts).
import { PREVIEW_PATH } from '#lib/reader-urls.ts';

/**
 * The header policy for pages. Astro adds a <meta> policy with hashes of its inline scripts
 * and styles; a browser enforces both, so scripts and styles end up limited to those hashes
 * and this site's own files. Directives a <meta> cannot carry (frame-ancestors) live here.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  // The offline worker (/sw.js) and the web app manifest: named, not left to fall back on other directives.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** On every answer for a page: pages, redirects, 405s and the "being built" 503. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * Pages no browser or cache may keep: the preview as a reader, which shows unpublished text to a
 * signed-in author (docs/product.md, The writing desk).
 */
export const NEVER_CACHED_PATH = PREVIEW_PATH;
export const NEVER_CACHED = 'no-store';
/** The offline worker's file: browsers look for a new one on every visit (docs/decisions/0047-offline-reading.md). */
export const SERVICE_WORKER_CACHE = 'no-cache';
export const isNeverCached = (urlPath: string) => urlPath === NEVER_CACHED_PATH || urlPath.startsWith(`${NEVER_CACHED_PATH}/`);
