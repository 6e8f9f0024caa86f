import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP, staticSite } from './static-site.ts';

// Served through @hono/node-server on a real socket, as scripts/start.ts does, and requested
// with node:http so paths like /../x reach the server as sent (fetch would normalise them).
let parent: string;
let root: string;
let current: string | null;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'static-site-test-'));
  root = path.join(parent, 'site');
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('index.html', '<h1>landing</h1>');
  write('admin/index.html', '<h1>admin app</h1>');
  write('_astro/app.123.js', 'console.log(1)');
  write('stories/index.html', '<h1>stories</h1>');
  // A file beside the root that must never be served.
  fs.writeFileSync(path.join(parent, 'secret.txt'), 'top secret');
  current = root;
  const app = new Hono();
  app.all('*', staticSite(() => current));
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
}

function get(rawPath: string, init: { method?: string } = {}): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, method: init.method ?? 'GET', agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
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

  it('serves a folder index for a page path', async () => {
    const res = await get('/stories/');
    expect(res.status).toBe(200);
    expect(res.body).toBe('<h1>stories</h1>');
  });

  it('marks hashed assets under /_astro/ as immutable for a year', async () => {
    const res = await get('/_astro/app.123.js');
    expect(res.status).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
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

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/..%2fsecret.txt',
    '/_astro/..%2f..%2fsecret.txt',
    '/admin/..%2f..%2fsecret.txt',
    '/admin/../../secret.txt',
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
    app.all('*', staticSite(() => root));
    const response = await app.request('http://localhost/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});
