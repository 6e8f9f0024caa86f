// The CSRF guard: a state-changing request that names another site in Origin is refused whatever
// its body; form-like bodies must come from the site's own origin. With SITE_URL set that origin
// is the configured one, never what the Host header claims.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';

const t = useApiTestContext();
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', undefined];

/** A logout (a state-changing call anyone may make) sent to `url` with the given headers. */
function post(app: ReturnType<typeof createApp>, url: string, headers: Record<string, string | undefined>) {
  const defined = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>;
  return app.request(url, { method: 'POST', headers: defined, body: 'x=1' });
}

describe('with a configured site origin', () => {
  const siteApp = () => createApp({ ...t.deps, siteOrigin: 'https://author.example' });

  it.each(FORM_TYPES)('refuses a forged Host whose origin the page claims (content type %s)', async (type) => {
    // A DNS-rebinding page at evil.example reaches the server with Host and Origin both evil.example.
    const res = await post(siteApp(), 'http://evil.example/api/auth/logout', {
      origin: 'http://evil.example',
      'content-type': type,
      'sec-fetch-site': 'same-origin',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: 'Cross-site request refused.' });
  });

  it('refuses a request with no Origin even when Sec-Fetch-Site says same-origin', async () => {
    const res = await post(siteApp(), 'https://author.example/api/auth/logout', {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.status).toBe(403);
  });

  it.each(FORM_TYPES)('accepts the configured origin (content type %s), whatever the Host', async (type) => {
    const res = await post(siteApp(), 'http://127.0.0.1:4321/api/auth/logout', { origin: 'https://author.example', 'content-type': type });
    expect(res.status).toBe(200);
  });

  it('refuses the right host over the wrong scheme, and a look-alike host', async () => {
    for (const origin of ['http://author.example', 'https://author.example.evil.example', 'null']) {
      const res = await post(siteApp(), 'https://author.example/api/auth/logout', { origin, 'content-type': 'text/plain' });
      expect(res.status).toBe(403);
    }
  });

  it('refuses a foreign Origin whatever the content type, JSON included', async () => {
    for (const type of ['application/json', 'application/vnd.api+json', ...FORM_TYPES]) {
      for (const origin of ['https://evil.example', 'null', 'https://author.example.evil.example']) {
        const res = await post(siteApp(), 'https://author.example/api/auth/logout', { origin, 'content-type': type });
        expect({ type, origin, status: res.status }).toEqual({ type, origin, status: 403 });
      }
    }
  });

  it('lets JSON without an Origin through (curl, another server): only browsers send one', async () => {
    const res = await siteApp().request('https://author.example/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
  });

  it('lets reading calls from another site through (they change nothing)', async () => {
    const res = await siteApp().request('https://author.example/api/author/get', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('without a configured site origin (a local site)', () => {
  it('compares with the origin the request was addressed to', async () => {
    const app = createApp(t.deps);
    const ok = await post(app, 'http://localhost:4321/api/auth/logout', { origin: 'http://localhost:4321', 'content-type': 'text/plain' });
    expect(ok.status).toBe(200);
    const foreign = await post(app, 'http://localhost:4321/api/auth/logout', {
      origin: 'https://evil.example',
      'content-type': 'text/plain',
    });
    expect(foreign.status).toBe(403);
    const sameOrigin = await post(app, 'http://localhost:4321/api/auth/logout', {
      'sec-fetch-site': 'same-origin',
      'content-type': 'text/plain',
    });
    expect(sameOrigin.status).toBe(200);
    const crossSite = await post(app, 'http://localhost:4321/api/auth/logout', {
      'sec-fetch-site': 'cross-site',
      'content-type': 'text/plain',
    });
    expect(crossSite.status).toBe(403);
    const foreignJson = await post(app, 'http://localhost:4321/api/auth/logout', {
      origin: 'https://evil.example',
      'content-type': 'application/json',
    });
    expect(foreignJson.status).toBe(403);
    // Behind a TLS proxy without SITE_URL the request's own origin reads http://: the browser's
    // Sec-Fetch-Site still tells a same-origin page.
    const proxied = await post(app, 'http://localhost:4321/api/auth/logout', {
      origin: 'https://localhost:4321',
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    });
    expect(proxied.status).toBe(200);
  });
});
