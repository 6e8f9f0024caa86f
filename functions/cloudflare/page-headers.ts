// The headers the Node server's static site (scripts/server/static-site.ts) puts on pages, for
// the Worker: Cloudflare serves the asset files itself and takes their headers from a `_headers`
// file in the asset folder (written by `npm run build:cloud`); the few answers the Worker makes
// for pages (not-found pages, redirects, the admin app's fallback) get them from here.
// These values must stay equal to PAGE_CSP and SECURITY_HEADERS in static-site.ts, which cannot
// be imported here (that module reads files with node:fs); page-headers.test.ts checks it.

export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * The `_headers` file (https://developers.cloudflare.com/workers/static-assets/headers/): every
 * page gets the security headers. Cloudflare's default Cache-Control already revalidates pages
 * (public, max-age=0, must-revalidate); Astro puts a content hash in every asset name under
 * /_astro/, so those are cached for a year instead.
 */
export function headersFile(): string {
  const everyPage = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...everyPage, '/_astro/*', '  cache-control: public, max-age=31536000, immutable', ''].join('\n');
}
