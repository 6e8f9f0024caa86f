// robots.txt read by both kinds of parser (docs/product.md, Valid pages, addresses and crawlers):
// Google and Bing take the longest matching rule (robots-parser follows RFC 9309); older
// crawlers take the first rule that matches, in file order.
import robotsParser from 'robots-parser';
import { expect, it } from 'vitest';
import { robotsTxt } from './sitemap.ts';

const ORIGIN = 'https://example.com';
const text = robotsTxt(ORIGIN);

/** The original robots.txt rule: the first Allow or Disallow whose path starts the URL's path decides. */
function firstMatchAllows(robots: string, pathname: string): boolean {
  for (const line of robots.split('\n')) {
    const rule = /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim());
    if (rule?.[2] && pathname.startsWith(rule[2])) return rule[1]!.toLowerCase() === 'allow';
  }
  return true;
}

const EXPECTED: [path: string, allowed: boolean][] = [
  ['/', true],
  ['/storytime/', true],
  ['/admin', false],
  ['/admin/x', false],
  ['/api/x', false],
  ['/api/uploads/a.webp', true],
  ['/storytime/preview/', false],
];

it.each(EXPECTED)('a longest-match parser reads %s as allowed: %s', (pathname, allowed) => {
  expect(robotsParser(`${ORIGIN}/robots.txt`, text).isAllowed(`${ORIGIN}${pathname}`, 'Googlebot')).toBe(allowed);
});

it.each(EXPECTED)('a first-match parser reads %s as allowed: %s', (pathname, allowed) => {
  expect(firstMatchAllows(text, pathname)).toBe(allowed);
});
