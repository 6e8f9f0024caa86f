// The headers the Node server's static site (scripts/server/static-site.ts) puts on pages, for
// the Worker: Cloudflare serves the asset files itself and takes their headers from a `_headers`
// file in the asset folder (written by `npm run build:cloud`); the few answers the Worker makes
// for pages (not-found pages, redirects, the admin app's fallback) get them from here.
import { NEVER_CACHED, NEVER_CACHED_PATH, SECURITY_HEADERS, SERVICE_WORKER_CACHE } from '#core/page-security.ts';
import { SERVICE_WORKER_PATH } from '#lib/offline-cache.ts';
import { MANIFEST_MEDIA_TYPE, MANIFEST_PATH } from '#lib/web-manifest.ts';

/**
 * The `_headers` file (https://developers.cloudflare.com/workers/static-assets/headers/): every
 * page gets the security headers. Cloudflare's default Cache-Control already revalidates pages
 * (public, max-age=0, must-revalidate); Astro puts a content hash in every asset name under
 * /_astro/, so those are cached for a year instead; the preview as a reader is never cached; the
 * offline worker is checked on every visit, and the manifest gets its own media type.
 */
export function headersFile(): string {
  const everyPage = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  const neverCached = [NEVER_CACHED_PATH, `${NEVER_CACHED_PATH}/*`].flatMap((path) => [path, `  cache-control: ${NEVER_CACHED}`]);
  return [
    '/*',
    ...everyPage,
    '/_astro/*',
    '  cache-control: public, max-age=31536000, immutable',
    ...neverCached,
    SERVICE_WORKER_PATH,
    `  cache-control: ${SERVICE_WORKER_CACHE}`,
    MANIFEST_PATH,
    `  content-type: ${MANIFEST_MEDIA_TYPE}`,
    '',
  ].join('\n');
}
