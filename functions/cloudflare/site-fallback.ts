// What the Worker answers for a page address that has no file. Cloudflare serves every existing
// file itself (wrangler.jsonc: assets first, not_found_handling "none"), so only misses reach
// this; it gives them the Node server's answers (scripts/server/static-site.ts): /admin/* is the
// admin app's page (it routes in the browser), a missing chapter gets the 'Chapter not found'
// page and a missing gallery the 'Gallery not found.' page, both with status 404, and any other
// unknown address redirects to its area's list or the landing page (docs/product.md, Forms and messages).
import { GALLERY_NOT_FOUND_PATH } from '#lib/gallery-urls.ts';
import { SECURITY_HEADERS } from '#core/page-security.ts';

/** The Worker's static assets binding (wrangler.jsonc "assets.binding"). */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** Addresses answered with a page of the site and a status, as the folder page Cloudflare serves it. */
const PAGE_FALLBACKS: { address: RegExp; page: string; status: 200 | 404 }[] = [
  { address: /^\/admin(\/|$)/, page: '/admin/', status: 200 },
  { address: /^\/storytime\/story\/[^/]+\/chapter\/[^/]+\/?$/, page: '/404', status: 404 },
  { address: /^\/galleries\/[^/]+\/?$/, page: `${GALLERY_NOT_FOUND_PATH}/`, status: 404 },
];
/** Where other unknown addresses of an area go. */
const AREA_HOMES: { area: RegExp; home: string }[] = [
  { area: /^\/storytime(\/|$)/, home: '/storytime/' },
  { area: /^\/galleries(\/|$)/, home: '/galleries/' },
];

/** The decoded path, or null when it cannot name a page (bad escapes, NUL, backslashes, dot segments). */
function decodedPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return /[\0\\]|(?:^|\/)\.\.?(?:\/|$)/.test(decoded) ? null : decoded;
}

function withPageHeaders(response: Response, status: number): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status, headers });
}

function redirect(url: URL, to: string): Response {
  return new Response(null, { status: 302, headers: { ...SECURITY_HEADERS, location: new URL(to, url).href } });
}

export async function siteFallback(request: Request, assets: AssetsBinding): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { ...SECURITY_HEADERS, allow: 'GET, HEAD' } });
  }
  const url = new URL(request.url);
  const path = decodedPath(url.pathname);
  if (path === null) return redirect(url, '/');
  const fallback = PAGE_FALLBACKS.find(({ address }) => address.test(path));
  if (fallback) {
    const page = await assets.fetch(new Request(new URL(fallback.page, url), { method: request.method, headers: request.headers }));
    if (page.ok || page.status === 304) return withPageHeaders(page, page.status === 304 ? 304 : fallback.status);
    await page.body?.cancel();
  }
  return redirect(url, AREA_HOMES.find(({ area }) => area.test(path))?.home ?? '/');
}
