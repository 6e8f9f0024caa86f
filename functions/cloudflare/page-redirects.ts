// The `_redirects` file of the Cloudflare build (written by `npm run build:cloud`;
// https://developers.cloudflare.com/workers/static-assets/redirects/): a folder page asked for
// without its trailing slash answers 301 with the slash, as the Node server does
// (scripts/server/static-site.ts; docs/product.md, Valid pages, addresses and crawlers).
// Cloudflare's own html_handling would answer 307, a temporary redirect that search engines and
// analytics keep as a second address. Its rules are applied before the assets are looked up.
import { GALLERIES_PATH, GALLERY_NOT_FOUND_PATH } from '#lib/gallery-urls.ts';
import { FOLLOW_PAGE_PATHS } from '#lib/follow.ts';
import { PREVIEW_PATH, STORIES_PATH } from '#lib/reader-urls.ts';

/** Every kind of folder page the build writes (`:name` is one path segment); valid-pages.test.ts checks it against a build. */
export const FOLDER_PAGES: readonly string[] = [
  '/admin',
  STORIES_PATH,
  PREVIEW_PATH,
  `${STORIES_PATH}/story/:slug`,
  `${STORIES_PATH}/story/:slug/chapter/:number`,
  GALLERIES_PATH,
  `${GALLERIES_PATH}/:slug`,
  GALLERY_NOT_FOUND_PATH,
  ...Object.values(FOLLOW_PAGE_PATHS),
];

/**
 * One rule per kind of folder page. A placeholder also catches a list's own file
 * (`/galleries/:slug` catches /galleries/index.html), so that file gets a rule of its own. Rules
 * without placeholders come first: Cloudflare takes them before any rule with one only there.
 */
export function redirectsFile(): string {
  const lists = FOLDER_PAGES.map((page) => page.replace(/\/:\w+$/, '')).filter(
    (list, index) => list !== FOLDER_PAGES[index] && FOLDER_PAGES.includes(list),
  );
  const rules = [...lists.map((list) => `${list}/index.html ${list}/`), ...FOLDER_PAGES.map((page) => `${page} ${page}/`)];
  const hasPlaceholder = (rule: string) => rule.includes(':');
  return [...rules.filter((rule) => !hasPlaceholder(rule)), ...rules.filter(hasPlaceholder)].map((rule) => `${rule} 301\n`).join('');
}
