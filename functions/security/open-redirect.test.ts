// Security suite (docs/product.md, Security): open redirects. The Node server (scripts/server/create-server.ts:
// the API and the published site) redirects unknown addresses to a list page; no address, query
// or Host header may turn that into a redirect to another host. Requests go over a real socket
// with node:http, so "//", "/\" and encoded forms reach the server exactly as sent.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/connect.ts';
import { readConfig } from '#scripts/config.ts';
import { createServer } from '#scripts/server/create-server.ts';
import type { SitePublisher } from '#scripts/server/site-publisher.ts';
import { useApiTestContext } from '#scripts/test/api.ts';

const t = useApiTestContext();

let dataDir: string;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-redirect-test-'));
  const site = path.join(dataDir, 'site');
  for (const page of [
    'index.html',
    'storytime/index.html',
    'galleries/index.html',
    'galleries/field-studies/index.html',
    'admin/index.html',
    '404.html',
    'gallery-not-found/index.html',
  ]) {
    fs.mkdirSync(path.dirname(path.join(site, page)), { recursive: true });
    fs.writeFileSync(path.join(site, page), `<h1>${page}</h1>`);
  }
  const publisher = { current: site, schedule: () => {}, state: () => ({ publishing: false, last_published_at: null, last_error: null }) };
  const app = createServer({
    config: readConfig({ DATA_DIR: dataDir, PORT: '4321', DATABASE_URL: '' }),
    database: { db: t.database.db } as DatabaseHandle,
    sessionSecret: t.deps.sessionSecret,
    publisher: publisher as unknown as SitePublisher,
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function rawGet(rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Where the browser would go: the Location resolved against the address it asked for. */
function destination(answer: Answer, rawPath: string): URL | null {
  const location = answer.headers.location;
  if (location === undefined) return null;
  // A browser reads "\" as "/" and drops tabs and newlines in a URL before resolving it.
  const asBrowserReads = location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  // The page asked for: the raw path on this server (never read as a protocol-relative URL).
  const requested = `http://127.0.0.1:${port}${rawPath}`;
  return new URL(asBrowserReads, URL.canParse(requested) ? requested : `http://127.0.0.1:${port}/`);
}

const EVIL = ['//evil.example', '/\\evil.example', 'https://evil.example'];

const ATTACKS = [
  '//evil.example/',
  '//evil.example',
  '///evil.example/',
  '////evil.example/',
  '/\\evil.example/',
  '/\\/evil.example/',
  '/%5cevil.example/',
  '/%2f%2fevil.example/',
  '/%2F%2Fevil.example',
  '/%252f%252fevil.example/',
  '/%09/evil.example/',
  '/https://evil.example/',
  '/https:/evil.example',
  '/https:%2f%2fevil.example',
  '/.evil.example',
  '/..//evil.example/',
  '/%2e%2e//evil.example/',
  '/storytime//evil.example',
  '/storytime//evil.example/',
  '/storytime/%2F%2Fevil.example',
  '/storytime/\\evil.example',
  '/storytime/story/x/chapter/1//evil.example',
  '/storytime/..//evil.example',
  '/galleries//evil.example/',
  '/galleries/%2F%2Fevil.example',
  '/galleries/%5C%5Cevil.example',
  '/galleries/field-studies//evil.example',
  '/admin//evil.example',
  '/admin/%2F%2Fevil.example',
  '/unknown?next=//evil.example',
  '/?redirect=https://evil.example',
  '/storytime?return_to=%2F%2Fevil.example',
  '/api/auth/login?next=https://evil.example',
  '/api//evil.example',
  '/api/uploads//evil.example/x.png',
  '/api/uploads/%2F%2Fevil.example/x.png',
  ...EVIL.map((target) => `/galleries/${encodeURIComponent(target)}`),
];

describe('open redirects', () => {
  it('an unknown address is redirected within the site (the control)', async () => {
    const answer = await rawGet('/storytime/no-such-page');
    expect(answer.status).toBe(302);
    expect(destination(answer, '/storytime/no-such-page')?.href).toBe(`http://127.0.0.1:${port}/storytime/`);
  });

  it.each(ATTACKS)('GET %s never sends the browser to another host', async (attack) => {
    const answer = await rawGet(attack);
    expect(answer.status).toBeLessThan(500);
    const target = destination(answer, attack);
    if (target) expect(target.host, `${attack} -> ${answer.headers.location}`).toBe(`127.0.0.1:${port}`);
    expect(answer.headers.refresh).toBeUndefined();
  });

  it.each(['evil.example', 'evil.example:80', `127.0.0.1:${port}@evil.example`])(
    'a Host header of %s is not where a redirect leads',
    async (host) => {
      for (const attack of ['/no-such-page', '/storytime/x', '/galleries/a/b', '//evil.example/']) {
        const answer = await rawGet(attack, { host });
        const location = answer.headers.location;
        if (location !== undefined) expect(location, `${attack} with Host ${host}`).toMatch(/^\/(?![/\\])/);
      }
    },
  );

  it('redirects and refusals carry the page security headers', async () => {
    const redirect = await rawGet('//evil.example/');
    const refused = await new Promise<Answer>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, path: '/', method: 'DELETE', agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(refused.status).toBe(405);
    for (const answer of [redirect, refused]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});
