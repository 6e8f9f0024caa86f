import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressSite } from './precompress.ts';
import { PAGE_CSP } from '#core/page-security.ts';
import { chooseEncoding, matchesEtag, staticSite } from './static-site.ts';

const LONG_PAGE = `<h1>storytime</h1>${'<p>Once upon a time, far away.</p>'.repeat(100)}`;
const LONG_SCRIPT = 'console.log("compress me");\n'.repeat(100);

// Served through @hono/node-server on a real socket, as scripts/start.ts does, and requested
// with node:http so paths like /../x reach the server as sent (fetch would normalise them).
let parent: string;
let root: string;
let current: string | null;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'static-site-test-'));
  root = path.join(parent, 'site');
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('index.html', '<h1>landing</h1>');
  write('admin/index.html', '<h1>admin app</h1>');
  write('_astro/app.123.js', 'console.log(1)');
  write('sw.js', 'self.addEventListener("fetch", () => {})');
  write('manifest.webmanifest', '{"name":"Stories"}');
  write('stories/index.html', '<h1>stories</h1>');
  write('storytime/preview/index.html', '<h1>preview shell</h1>');
  write('404.html', '<h1>Chapter not found</h1>');
  write('galleries/index.html', '<h1>All Galleries</h1>');
  write('galleries/field-studies/index.html', '<h1>Field Studies</h1>');
  write('gallery-not-found/index.html', '<h1>Gallery not found.</h1>');
  // Above precompress's 1 KB floor, so these get .br and .gz copies.
  write('storytime/index.html', LONG_PAGE);
  write('_astro/long.456.js', LONG_SCRIPT);
  write('gzip-only.html', LONG_PAGE);
  write('big.bin', Buffer.alloc(300 * 1024, 7));
  write('downloads/notes.txt.gz', zlib.gzipSync('notes'));
  // A file beside the root that must never be served, not even through a link inside the root.
  fs.writeFileSync(path.join(parent, 'secret.txt'), 'top secret');
  fs.symlinkSync(path.join(parent, 'secret.txt'), path.join(root, 'link.txt'));
  await precompressSite(root);
  fs.rmSync(path.join(root, 'gzip-only.html.br'));
  current = root;
  const app = new Hono();
  app.all(
    '*',
    staticSite(() => current),
  );
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(parent, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

function get(rawPath: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: rawPath, method: init.method ?? 'GET', headers: init.headers ?? {}, agent: false };
    const request = http.request(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode!, headers: response.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('staticSite', () => {
  it("serves index.html at '/' with the page security headers and a revalidating cache", async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.body).toBe('<h1>landing</h1>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = res.headers['content-security-policy'];
    expect(csp).toBe(PAGE_CSP);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  // Astro builds /stories/index.html; serveStatic served it at /stories too, so links without the slash keep working.
  it.each(['/stories/', '/stories', '/stories/index.html', '/stories?page=2'])('serves the folder page at %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.body).toBe('<h1>stories</h1>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each(['/storytime/preview/', '/storytime/preview/?chapter=3', '/storytime/preview'])('never lets %s be cached', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.body).toBe('<h1>preview shell</h1>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
  });

  it('marks hashed assets under /_astro/ as immutable for a year', async () => {
    const res = await get('/_astro/app.123.js');
    expect(res.status).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  // docs/decisions/0047-offline-reading.md: a new worker reaches readers on their next visit.
  it('serves the offline worker as JavaScript that no cache keeps without asking', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest with its own media type', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
    expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
    expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it.each(['/admin', '/admin/', '/admin/socials', '/admin/socials/deep'])(
    'serves the admin app page at %s (it routes in the browser)',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.body).toBe('<h1>admin app</h1>');
      expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    },
  );

  it.each(['/nowhere', '/admin-not', '/adminx/page', '/_astro/missing.js'])('redirects unknown %s to the landing page', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/');
  });

  it.each(['/storytime/story/fleet/chapter/99/', '/storytime/story/fleet/chapter/99', '/storytime/story/gone/chapter/1/'])(
    "answers a missing chapter %s with the 'Chapter not found' page and 404",
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.body).toBe('<h1>Chapter not found</h1>');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    },
  );

  it.each(['/galleries/', '/galleries', '/galleries/?rating=X'])('serves the gallery list at %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.body).toBe('<h1>All Galleries</h1>');
  });

  it.each(['/galleries/field-studies/', '/galleries/field-studies', '/galleries/field-studies/?image=3'])(
    'serves a gallery at %s',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.body).toBe('<h1>Field Studies</h1>');
    },
  );

  it.each(['/galleries/no-such-gallery/', '/galleries/no-such-gallery', '/galleries/%3Cscript%3E', "/galleries/x'%20OR%201=1"])(
    "answers an unknown gallery %s with the 'Gallery not found.' page and 404",
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.body).toBe('<h1>Gallery not found.</h1>');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
    },
  );

  it.each(['/galleries/field-studies/extra', '/galleries/a/b/c'])(
    'sends an unknown address in the galleries area, %s, to the gallery list',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(302);
      expect(res.headers['location']).toBe('/galleries/');
    },
  );

  it.each(['/storytime/story/gone/', '/storytime/nothing-here'])(
    'sends an unknown address in the stories area, %s, to the story list',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(302);
      expect(res.headers['location']).toBe('/storytime/');
    },
  );

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/..%2fsecret.txt',
    '/_astro/..%2f..%2fsecret.txt',
    '/admin/..%2f..%2fsecret.txt',
    '/admin/../../secret.txt',
    '/admin/%2e%2e/%2e%2e/secret.txt',
    '/stories/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/%5c..%5csecret.txt',
    '/index.html%00',
    '/%00',
    '/%E0%A4%A',
    '/link.txt',
    '/index.html.br',
  ])('never serves a file outside the root for %s', async (rawPath) => {
    const res = await get(rawPath);
    expect(res.body).not.toContain('top secret');
    expect(res.body).not.toContain('root:');
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await get('/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s with 405', async (method) => {
    const res = await get('/', { method });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
    expect(res.body).not.toContain('landing');
  });

  it('serves from whatever root is current at request time, 503 with Retry-After while there is none', async () => {
    const other = path.join(parent, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'index.html'), '<h1>new build</h1>');
    try {
      current = other;
      expect((await get('/')).body).toBe('<h1>new build</h1>');
      current = null;
      const res = await get('/');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toMatch(/being built/);
    } finally {
      current = root;
    }
    expect((await get('/')).body).toBe('<h1>landing</h1>');
  });

  it('puts the page headers on the response itself, whatever Response class the runtime uses', async () => {
    const { Hono } = await import('hono');
    const app = new Hono();
    app.all(
      '*',
      staticSite(() => root),
    );
    const response = await app.request('http://localhost/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('staticSite: compressed copies and validators', () => {
  const landing = (headers: Record<string, string> = {}, method = 'GET') => get('/storytime/', { headers, method });

  it('sends the original without Accept-Encoding, with Vary and its length', async () => {
    const res = await landing();
    expect(res.status).toBe(200);
    expect(res.body).toBe(LONG_PAGE);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(LONG_PAGE)));
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *;q=0.1', 'br'],
  ])('answers Accept-Encoding "%s" with %s, the original type and security headers', async (accept, encoding) => {
    const res = await landing({ 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(res.headers['content-length']).toBe(String(res.bytes.length));
    const decoded = encoding === 'br' ? zlib.brotliDecompressSync(res.bytes) : zlib.gunzipSync(res.bytes);
    expect(decoded.toString()).toBe(LONG_PAGE);
  });

  it.each(['identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate', 'gzip;q=nonsense, br;q=0'])(
    'sends the original for "%s"',
    async (accept) => {
      const res = await landing({ 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(LONG_PAGE);
    },
  );

  it('falls back to the copy that exists, and sends small files as they are without Vary', async () => {
    expect((await get('/gzip-only.html', { headers: { 'accept-encoding': 'br, gzip' } })).headers['content-encoding']).toBe('gzip');
    expect((await get('/gzip-only.html', { headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    const small = await get('/stories/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toBeUndefined();
  });

  it('serves a .gz file that is no copy of another as it is', async () => {
    const res = await get('/downloads/notes.txt.gz', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(zlib.gunzipSync(res.bytes).toString()).toBe('notes');
  });

  it('keeps the immutable cache rule for compressed assets', async () => {
    const res = await get('/_astro/long.456.js', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives each representation its own strong ETag, the same on every request', async () => {
    const tags = await Promise.all(
      ['', 'gzip', 'br'].map(async (accept) => (await landing(accept ? { 'accept-encoding': accept } : {})).headers['etag']),
    );
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(new Set(tags).size).toBe(3);
    expect((await landing()).headers['etag']).toBe(tags[0]);
  });

  it.each([
    ['the ETag itself', (tag: string) => tag],
    ['a weak form of it', (tag: string) => `W/${tag}`],
    ['a list holding it', (tag: string) => `"other", ${tag}`],
    ['*', () => '*'],
  ])('answers If-None-Match with %s by 304 and no body', async (_, ifNoneMatch) => {
    const first = await landing({ 'accept-encoding': 'br' });
    const res = await landing({ 'accept-encoding': 'br', 'if-none-match': ifNoneMatch(first.headers['etag']!) });
    expect(res.status).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers['etag']).toBe(first.headers['etag']);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it("sends the body when If-None-Match names another representation's ETag or none", async () => {
    const brTag = (await landing({ 'accept-encoding': 'br' })).headers['etag']!;
    const res = await landing({ 'if-none-match': brTag });
    expect(res.status).toBe(200);
    expect(res.body).toBe(LONG_PAGE);
    expect((await landing({ 'if-none-match': '"nope"' })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET for the chosen copy, 304 included', async () => {
    const full = await landing({ 'accept-encoding': 'br' });
    const head = await landing({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type'])
      expect(head.headers[name]).toBe(full.headers[name]);
    expect((await landing({ 'if-none-match': full.headers['etag']! }, 'HEAD')).status).toBe(200);
    expect((await landing({ 'accept-encoding': 'br', 'if-none-match': full.headers['etag']! }, 'HEAD')).status).toBe(304);
  });

  it('streams files too large to keep in memory, with a strong ETag', async () => {
    const res = await get('/big.bin');
    expect(res.status).toBe(200);
    expect(res.bytes.equals(Buffer.alloc(300 * 1024, 7))).toBe(true);
    expect(res.headers['content-length']).toBe(String(300 * 1024));
    expect(res.headers['etag']).toMatch(/^"[^"]+"$/);
    expect((await get('/big.bin', { headers: { 'if-none-match': res.headers['etag']! } })).status).toBe(304);
  });
});

describe('chooseEncoding and matchesEtag', () => {
  it.each([
    [undefined, ['br', 'gzip'], null],
    ['br, gzip', [], null],
    ['GZIP, BR', ['br', 'gzip'], 'br'],
    ['gzip;q=1.0, br;q=0.9', ['br', 'gzip'], 'gzip'],
    [' br ; q=0 , gzip ; q=0.5 ', ['br', 'gzip'], 'gzip'],
    ['br', ['gzip'], null],
  ] as const)('Accept-Encoding %j with copies %j -> %j', (accept, available, expected) => {
    expect(chooseEncoding(accept, available)).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['"a"', true],
    ['W/"a"', true],
    ['"b", "a"', true],
    [' * ', true],
    ['"b"', false],
    ['a', false],
  ] as const)('If-None-Match %j against "a" -> %j', (header, expected) => {
    expect(matchesEtag(header, '"a"')).toBe(expected);
  });
});
