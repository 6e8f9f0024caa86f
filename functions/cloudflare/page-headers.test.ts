import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { staticSite } from '#scripts/server/static-site.ts';
import { PAGE_CSP, SECURITY_HEADERS } from '#core/page-security.ts';
import { headersFile } from './page-headers.ts';

describe('the Worker page headers', () => {
  it('are the headers the Node static server puts on every answer', async () => {
    // With no site folder the Node server answers 503, with its security headers.
    const response = await new Hono()
      .all(
        '*',
        staticSite(() => null),
      )
      .request('/');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });

  it('become a _headers file: security headers on every page, a year of caching under /_astro/, none for the preview, the worker revalidated, the manifest typed', () => {
    const lines = headersFile().split('\n');
    expect(lines[0]).toBe('/*');
    expect(lines).toContain(`  content-security-policy: ${PAGE_CSP}`);
    expect(lines).toContain('  x-content-type-options: nosniff');
    expect(lines).toContain('  referrer-policy: strict-origin-when-cross-origin');
    expect(lines.slice(lines.indexOf('/_astro/*'))).toEqual([
      '/_astro/*',
      '  cache-control: public, max-age=31536000, immutable',
      '/storytime/preview',
      '  cache-control: no-store',
      '/storytime/preview/*',
      '  cache-control: no-store',
      '/sw.js',
      '  cache-control: no-cache',
      '/manifest.webmanifest',
      '  content-type: application/manifest+json',
      '',
    ]);
  });
});
