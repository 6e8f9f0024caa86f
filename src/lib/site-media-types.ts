// Media types the static site gives by address, where a file's extension says too little: the
// Atom feeds end in .xml, which alone says application/xml, and feed readers and browsers
// take a feed for what its type says; the web app manifest's .webmanifest is not known everywhere (docs/product.md, Valid pages, addresses and crawlers).
// The Node server (scripts/server/site-files.ts) and Cloudflare's _headers file
// (functions/cloudflare/page-headers.ts) both read this list.
import { FEED_MEDIA_TYPE } from './feeds.ts';
import { SITE_FEED_PATH, STORIES_PATH } from './reader-urls.ts';
import { MANIFEST_MEDIA_TYPE, MANIFEST_PATH } from './web-manifest.ts';

/** Address patterns (`:name` stands for one path segment, as in Cloudflare's rules) and their Content-Type. */
export const MEDIA_TYPES_BY_PATH: readonly { path: string; type: string }[] = [
  { path: SITE_FEED_PATH, type: `${FEED_MEDIA_TYPE}; charset=utf-8` },
  { path: `${STORIES_PATH}/story/:slug/feed.xml`, type: `${FEED_MEDIA_TYPE}; charset=utf-8` },
  { path: MANIFEST_PATH, type: MANIFEST_MEDIA_TYPE },
];

/** A pattern of MEDIA_TYPES_BY_PATH (or of the same form) as a regular expression of the whole path, each `:name` captured. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]\w*/g, '([^/]+)');
  return new RegExp(`^${escaped}$`);
}

const compiled = MEDIA_TYPES_BY_PATH.map(({ path, type }) => ({ pattern: pathPattern(path), type }));

/** The Content-Type the site gives this address, or undefined to go by the file's extension. */
export function mediaTypeForPath(urlPath: string): string | undefined {
  return compiled.find(({ pattern }) => pattern.test(urlPath))?.type;
}
