// What the service worker keeps for reading offline, shared by the worker (src/scripts/service-worker.ts)
// and the story page's "Keep this story for offline reading" (src/scripts/keep-offline.ts).
// docs/decisions/0047-offline-reading.md says why each rule is what it is.
import { PREVIEW_PATH } from './reader-urls.ts';

/** The worker's file, at the root so its scope is the whole site (src/scripts/register-service-worker.js names it too). */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Bump the version when what a cache holds changes shape: the new worker deletes the old caches. */
const CACHE_PREFIX = 'author-site-';
export const OFFLINE_CACHES = {
  /** Pages the reader opened: network first, so a new release replaces them. */
  pages: `${CACHE_PREFIX}pages-v1`,
  /** Astro's hashed scripts, styles and fonts: a name never changes its content. */
  assets: `${CACHE_PREFIX}assets-v1`,
  /** Images the reader saw, the site's own and uploads. */
  images: `${CACHE_PREFIX}images-v1`,
  /** Everything "Keep this story for offline reading" stored; never expires. */
  kept: `${CACHE_PREFIX}kept-v1`,
} as const;
/** The caches the worker fills as the reader browses ("kept" is filled by the story page only). */
export type BrowsingCache = Exclude<keyof typeof OFFLINE_CACHES, 'kept'>;

/** Caches an older worker made that this one no longer uses. */
export const isStaleCache = (name: string) => name.startsWith(CACHE_PREFIX) && !(Object.values(OFFLINE_CACHES) as string[]).includes(name);

const IMAGE_FILE = /\.(?:avif|gif|ico|jpe?g|png|svg|webp)$/i;
const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/**
 * The cache that keeps the answer to `request`, or null when the worker leaves it to the network:
 * other sites, anything but GET, the admin area, the API (uploaded images aside), the preview as a
 * reader (unpublished text), and the worker itself.
 */
export function offlineCacheFor(request: { url: string; method: string; mode?: string }, origin: string): BrowsingCache | null {
  const url = new URL(request.url);
  if (url.origin !== origin || request.method !== 'GET') return null;
  const path = url.pathname;
  if (under(path, '/admin') || under(path, PREVIEW_PATH) || path === SERVICE_WORKER_PATH) return null;
  if (path.startsWith('/api/uploads/')) return 'images';
  if (under(path, '/api')) return null;
  if (path.startsWith('/_astro/')) return IMAGE_FILE.test(path) ? 'images' : 'assets';
  if (IMAGE_FILE.test(path)) return 'images';
  // Pages: folders and .html; a navigation to an address with no extension is a page too. Feeds,
  // books and the like are downloads, not reading.
  const extension = /\.[^./]+$/.exec(path)?.[0];
  if (extension === '.html' || path.endsWith('/') || (request.mode === 'navigate' && !extension)) return 'pages';
  return null;
}

const ATTRIBUTE_URL = /\s(?:src|href|srcset|component-url|renderer-url|before-hydration-url)="([^"]+)"/g;
const CSS_URL = /url\(\s*['"]?([^'")\s]+)['"]?\s*\)/g;

/** The scripts, styles, fonts and images a page of ours loads, as absolute same-origin addresses. */
export function pageResourceUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const candidates = [...html.matchAll(ATTRIBUTE_URL), ...html.matchAll(CSS_URL)].flatMap((match) =>
    // A srcset lists "url width" pairs; every other attribute holds one address.
    (match[1] ?? '').split(',').map((part) => part.trim().split(/\s+/)[0] ?? ''),
  );
  for (const candidate of candidates) {
    const url = resolveSameOrigin(candidate.replaceAll('&amp;', '&'), pageUrl);
    if (url && isResource(url)) found.add(url);
  }
  return [...found];
}

/** The modules a script of ours imports (static and dynamic, and Vite's list of preloaded chunks). */
export function moduleImportUrls(script: string, scriptUrl: string): string[] {
  const found = new Set<string>();
  for (const match of script.matchAll(/["'`]((?:\.{1,2}\/|\/?_astro\/)[\w./-]+\.m?js)["'`]/g)) {
    const specifier = match[1] ?? '';
    // Vite's preload list names chunks from the site root ("_astro/x.js").
    const url = resolveSameOrigin(specifier.startsWith('_astro/') ? `/${specifier}` : specifier, scriptUrl);
    if (url && isResource(url)) found.add(url);
  }
  return [...found];
}

function resolveSameOrigin(address: string, base: string): string | null {
  if (!address || address.startsWith('data:')) return null;
  try {
    const url = new URL(address, base);
    return url.origin === new URL(base).origin ? url.href : null;
  } catch {
    return null;
  }
}

function isResource(url: string): boolean {
  const cache = offlineCacheFor({ url, method: 'GET' }, new URL(url).origin);
  return cache === 'assets' || cache === 'images';
}
