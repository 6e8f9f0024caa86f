import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { routePath } from './app.ts';
import { AppError, handleError } from './core/errors.ts';

const t = useApiTestContext();
const req = (path: string) => new Request(`http://localhost${path}`);

describe('routePath', () => {
  it('strips a trailing .php so PHP-era URLs reach the same route', () => {
    expect(routePath(req('/api/auth/me.php'))).toBe('/api/auth/me');
    expect(routePath(req('/api/socials.php?x=1'))).toBe('/api/socials');
  });

  it('leaves paths without a trailing .php unchanged', () => {
    expect(routePath(req('/api/auth/me'))).toBe('/api/auth/me');
    expect(routePath(req('/api/x.php/y'))).toBe('/api/x.php/y');
    expect(routePath(req('/api/php'))).toBe('/api/php');
  });

  it('ignores the query string', () => {
    expect(routePath(req('/api/auth/me?file=a.php'))).toBe('/api/auth/me');
  });
});

describe('API routes', () => {
  it('answers at the path and at the path ending in .php', async () => {
    const plain = await t.call('/api/auth/me');
    const php = await t.call('/api/auth/me.php');
    expect(plain.status).not.toBe(404);
    expect(php.status).toBe(plain.status);
    expect(await php.json()).toEqual(await plain.json());
  });

  it.each(['/api/auth/me', '/api/no-such-route'])('sends the API security headers on %s', async (path) => {
    const res = await t.call(path);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.call('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'No such API route.' });
  });
});

describe('handleError', () => {
  afterEach(() => vi.restoreAllMocks());

  function appThrowing(error: Error) {
    const app = new Hono();
    app.get('/boom', () => {
      throw error;
    });
    app.onError(handleError);
    return app;
  }

  it('turns an unknown error into a generic 500 without internals, logging the details', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await appThrowing(new Error('secret internals')).request('http://x/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: 'Something went wrong on our side. Please try again.' });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('stack');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain('GET /boom');
  });

  it('passes an AppError through with its status, message and headers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await appThrowing(new AppError(429, 'Slow down.', { 'Retry-After': '7' })).request('http://x/boom');
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('7');
    expect(await res.json()).toEqual({ success: false, error: 'Slow down.' });
    expect(logged).not.toHaveBeenCalled();
  });
});
