// Serves the published static site: files as built, /admin/* falls back to the admin app's
// page (it routes in the browser), a missing chapter gets the 'Chapter not found' page and a
// missing gallery the 'Gallery not found.' page, and any other unknown path redirects (to the
// story list inside /storytime, the gallery list inside /galleries, else to the landing page).
// Compressed copies are made at build time (precompress.ts) and picked here from
// Accept-Encoding; each copy has its own strong ETag, so If-None-Match gets a 304.
import type { Context, MiddlewareHandler } from 'hono';
import { isNeverCached, NEVER_CACHED, SECURITY_HEADERS, SERVICE_WORKER_CACHE } from '#core/page-security.ts';
import { SERVICE_WORKER_PATH } from '#lib/offline-cache.ts';
import { GALLERY_NOT_FOUND_PATH } from '#lib/gallery-urls.ts';
import { type Encoding, type SiteFile, SiteFiles } from './site-files.ts';

function pageHeaders(urlPath: string): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    // Astro puts a content hash in every asset name under /_astro/, so those never change.
    'cache-control': urlPath.startsWith('/_astro/')
      ? 'public, max-age=31536000, immutable'
      : isNeverCached(urlPath)
        ? NEVER_CACHED
        : urlPath === SERVICE_WORKER_PATH
          ? SERVICE_WORKER_CACHE
          : 'public, max-age=0, must-revalidate',
  };
}

/** The best precompressed copy the client accepts: highest q, brotli on a tie; null for the original. */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name && !Number.isNaN(weight)) weights.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/** If-None-Match against a strong ETag: `*`, or a list (weak comparison, as RFC 9110 asks for this header). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The decoded path of the request, or null when it cannot name a file: bad escapes, NUL,
 * backslashes, or `.`/`..` segments (also when sent encoded, %2e%2e%2f).
 */
function requestPath(url: string): string | null {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const query = url.indexOf('?', start);
  const raw = url.slice(start, query === -1 ? undefined : query);
  let decoded: string;
  try {
    decoded = raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return null;
  }
  return /[\0\\]|(?:^|\/)\.\.?(?:\/|$)/.test(decoded) ? null : decoded;
}

/** A page is reachable at /x/, /x and /x/index.html (Astro builds pages as folder/index.html). */
function findFile(files: SiteFiles, urlPath: string): SiteFile | undefined {
  if (urlPath.endsWith('/')) return files.get(`${urlPath}index.html`);
  return files.get(urlPath) ?? files.get(`${urlPath}/index.html`);
}

async function serveFile(c: Context, file: SiteFile, urlPath: string): Promise<Response | null> {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), file.encodings);
  const variant = await file.variant(encoding);
  if (!variant) return null;
  const headers = pageHeaders(urlPath);
  headers['content-type'] = file.contentType;
  headers['etag'] = variant.etag;
  if (file.encodings.length > 0) headers['vary'] = 'Accept-Encoding';
  if (encoding) headers['content-encoding'] = encoding;
  if (matchesEtag(c.req.header('if-none-match'), variant.etag)) return new Response(null, { status: 304, headers });
  headers['content-length'] = String(variant.size);
  // Hono answers HEAD by running GET and dropping the body, so one path serves both.
  return new Response(c.req.method === 'HEAD' ? null : variant.body(), { status: 200, headers });
}

export function staticSite(currentRoot: () => string | null): MiddlewareHandler {
  // The index of the folder being served; a new one when the publisher swaps folders.
  let indexed: { root: string; files: Promise<SiteFiles> } | null = null;
  const filesOf = (root: string): Promise<SiteFiles> => {
    if (indexed?.root !== root) {
      const files = SiteFiles.index(root);
      indexed = { root, files };
      // A folder that could not be listed is listed again on the next request.
      files.catch(() => {
        if (indexed?.files === files) indexed = null;
      });
    }
    return indexed.files;
  };

  return async (c) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    const root = currentRoot();
    const files = root ? await filesOf(root).catch(() => null) : null;
    if (!files) return c.text('The site is being built. Try again in a few seconds.', 503, { 'Retry-After': '5' });
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method not allowed', 405, { Allow: 'GET, HEAD' });

    const urlPath = requestPath(c.req.url);
    if (urlPath === null) return c.redirect('/', 302);
    const file = findFile(files, urlPath) ?? (/^\/admin(\/|$)/.test(urlPath) ? files.get('/admin/index.html') : undefined);
    return (file && (await serveFile(c, file, urlPath))) || (await notFound(c, files, urlPath));
  };
}

/** Addresses that get a not-found page (status 404) when they have no page of their own. */
const NOT_FOUND_PAGES: { address: RegExp; page: string }[] = [
  { address: /^\/storytime\/story\/[^/]+\/chapter\/[^/]+\/?$/, page: '/404.html' },
  { address: /^\/galleries\/[^/]+\/?$/, page: `${GALLERY_NOT_FOUND_PATH}/index.html` },
];
/** Where other unknown addresses of an area go. */
const AREA_HOMES: { area: RegExp; home: string }[] = [
  { area: /^\/storytime(\/|$)/, home: '/storytime/' },
  { area: /^\/galleries(\/|$)/, home: '/galleries/' },
];

/**
 * A chapter address without a page gets 'Chapter not found', a gallery address
 * 'Gallery not found.', both with status 404; other addresses in the stories or
 * galleries area go to that area's list, and anything else to the landing page (docs/product.md, Forms and messages).
 */
async function notFound(c: Context, files: SiteFiles, urlPath: string): Promise<Response> {
  const pagePath = NOT_FOUND_PAGES.find(({ address }) => address.test(urlPath))?.page;
  const page = pagePath ? files.get(pagePath) : undefined;
  const response = page && pagePath && (await serveFile(c, page, pagePath));
  if (response) return response.status === 200 ? new Response(response.body, { status: 404, headers: response.headers }) : response;
  return c.redirect(AREA_HOMES.find(({ area }) => area.test(urlPath))?.home ?? '/', 302);
}
