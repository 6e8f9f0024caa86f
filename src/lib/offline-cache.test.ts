import { describe, expect, it } from 'vitest';
import { isStaleCache, moduleImportUrls, OFFLINE_CACHES, offlineCacheFor, pageResourceUrls } from './offline-cache.ts';

const ORIGIN = 'https://author.example';
const cacheOf = (path: string, init: { method?: string; mode?: string } = {}) =>
  offlineCacheFor({ url: new URL(path, ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'no-cors' }, ORIGIN);

describe('what the offline worker keeps', () => {
  it.each([
    ['/', 'pages'],
    ['/storytime/story/fleet/chapter/3/', 'pages'],
    ['/404.html', 'pages'],
    ['/_astro/LikeButton.CwjCbpvk.js', 'assets'],
    ['/_astro/inter-latin.woff2', 'assets'],
    ['/_astro/cover.Ab12.webp', 'images'],
    ['/api/uploads/covers/fleet-800.webp', 'images'],
    ['/images/page-break.png', 'images'],
    ['/icons/icon-192.png', 'images'],
  ] as const)('keeps %s in the %s cache', (path, cache) => {
    expect(cacheOf(path)).toBe(cache);
  });

  it('takes a navigation without a slash or extension for a page', () => {
    expect(cacheOf('/storytime', { mode: 'navigate' })).toBe('pages');
  });

  it.each([
    '/admin',
    '/admin/',
    '/admin/stories/3',
    '/api/chapters/like?chapter_id=1',
    '/api/uploads',
    '/api',
    '/api/auth/session',
    '/storytime/preview/',
    '/storytime/preview/?chapter=4',
    '/sw.js',
    '/storytime/feed.xml',
    '/storytime/story/fleet/fleet.epub',
    '/manifest.webmanifest',
  ])('never keeps %s', (path) => {
    expect(cacheOf(path, { mode: 'navigate' })).toBeNull();
  });

  it('never keeps a POST, nor another site', () => {
    expect(cacheOf('/storytime/', { method: 'POST', mode: 'navigate' })).toBeNull();
    expect(offlineCacheFor({ url: 'https://cdn.example/x.png', method: 'GET' }, ORIGIN)).toBeNull();
    // A look-alike of an area is not that area.
    expect(cacheOf('/administration/')).toBe('pages');
    expect(cacheOf('/apiary.png')).toBe('images');
  });

  it("deletes only caches of ours that this worker's version does not use", () => {
    expect(isStaleCache('author-site-pages-v0')).toBe(true);
    expect(isStaleCache(OFFLINE_CACHES.kept)).toBe(false);
    expect(isStaleCache('someone-elses-cache')).toBe(false);
  });
});

describe('what a kept chapter needs', () => {
  const page = `${ORIGIN}/storytime/story/fleet/chapter/1/`;

  it("finds the page's scripts, islands, fonts and images, and nothing else", () => {
    const html = `<html><head><style>@font-face{src:url(/_astro/inter.woff2) format("woff2")}</style>
      <link rel="canonical" href="${page}"><link rel="icon" href="data:image/svg+xml,x">
      <script type="module" src="/_astro/page.A1.js"></script></head><body>
      <a href="/storytime/story/fleet/chapter/2/">Next</a><a href="https://x.com/author">X</a>
      <astro-island component-url="/_astro/LikeButton.B2.js" renderer-url="/_astro/client.C3.js"></astro-island>
      <img src="/api/uploads/art/a.webp?v=1&amp;w=2" srcset="/api/uploads/art/a-480.webp 480w, /api/uploads/art/a-800.webp 800w">
      <img src="https://elsewhere.example/b.png"></body></html>`;
    expect(pageResourceUrls(html, page).sort()).toEqual(
      [
        '/_astro/inter.woff2',
        '/_astro/page.A1.js',
        '/_astro/LikeButton.B2.js',
        '/_astro/client.C3.js',
        '/api/uploads/art/a.webp?v=1&w=2',
        '/api/uploads/art/a-480.webp',
        '/api/uploads/art/a-800.webp',
      ]
        .map((path) => `${ORIGIN}${path}`)
        .sort(),
    );
  });

  it("finds the chunks a module imports, statically, dynamically and through Vite's preload list", () => {
    const script =
      'import{j as e}from"./jsx-runtime.D1.js";import"./index.E2.js";const m=()=>import("./lazy.F3.js");' +
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/dep.G4.js"])))=>i.map(i=>d[i]);' +
      'fetch("/api/chapters/like");import("https://cdn.example/x.js")';
    expect(moduleImportUrls(script, `${ORIGIN}/_astro/LikeButton.B2.js`).sort()).toEqual(
      ['/_astro/jsx-runtime.D1.js', '/_astro/index.E2.js', '/_astro/lazy.F3.js', '/_astro/dep.G4.js']
        .map((path) => `${ORIGIN}${path}`)
        .sort(),
    );
  });
});
