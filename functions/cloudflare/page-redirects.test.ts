import { expect, it } from 'vitest';
import { pathPattern } from '#lib/site-media-types.ts';
import { FOLDER_PAGES, redirectsFile } from './page-redirects.ts';

// Cloudflare reads `:name` as one path segment ([^/]+), as pathPattern does; the rules must
// catch the folder page without its slash and leave the slashed page and the files beside it alone.
const rules = redirectsFile()
  .trim()
  .split('\n')
  .map((line) => line.split(' '));
// Rules without a placeholder first, as Cloudflare tries them.
const redirect = (urlPath: string) => {
  const rule = rules.find(([from]) => from === urlPath) ?? rules.find(([from]) => pathPattern(from!).test(urlPath));
  if (!rule) return null;
  const values = pathPattern(rule[0]!).exec(urlPath)!.slice(1);
  let index = 0;
  return { to: rule[1]!.replace(/:[A-Za-z]\w*/g, () => values[index++]!), status: rule[2] };
};

it('sends each kind of folder page without its slash to the slashed address, for good (301)', () => {
  expect(rules).toHaveLength(FOLDER_PAGES.length + 1);
  expect(redirect('/storytime')).toEqual({ to: '/storytime/', status: '301' });
  expect(redirect('/galleries')).toEqual({ to: '/galleries/', status: '301' });
  expect(redirect('/galleries/index.html')).toEqual({ to: '/galleries/', status: '301' });
  expect(redirect('/galleries/field-studies')).toEqual({ to: '/galleries/field-studies/', status: '301' });
  expect(redirect('/storytime/story/the-fleet')).toEqual({ to: '/storytime/story/the-fleet/', status: '301' });
  expect(redirect('/storytime/story/the-fleet/chapter/3')).toEqual({ to: '/storytime/story/the-fleet/chapter/3/', status: '301' });
  expect(redirect('/subscribe/confirm')).toEqual({ to: '/subscribe/confirm/', status: '301' });
});

it.each([
  '/',
  '/storytime/',
  '/storytime/feed.xml',
  '/storytime/story/the-fleet/feed.xml',
  '/storytime/story/the-fleet/the-fleet.epub',
  '/api/stories/list',
  '/admin/stories',
])('leaves %s alone', (urlPath) => {
  expect(redirect(urlPath)).toBeNull();
});
