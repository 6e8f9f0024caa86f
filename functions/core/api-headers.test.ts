// Every API answer, success or failure, carries the headers that keep it data and never a page.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import type { AppDeps } from './env.ts';

const t = useApiTestContext();

function expectApiHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
}

describe('API security headers', () => {
  it.each([
    ['a success', 200, () => t.call('/api/author/get')],
    ['a validation error', 400, () => t.call('/api/auth/login', { json: { username: 'a\u0000' } })],
    ['a sign-in required', 401, () => t.call('/api/auth/me')],
    [
      'a CSRF refusal',
      403,
      () =>
        t.call('/api/auth/logout', {
          method: 'POST',
          body: 'x',
          headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
        }),
    ],
    ['an unknown route', 404, () => t.call('/api/nothing')],
    ['a missing upload', 404, () => t.call('/api/uploads/general/none.png')],
  ])('are on %s (%i)', async (_name, status, request) => {
    const res = await request();
    expect(res.status).toBe(status);
    expectApiHeaders(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('are on an unexpected failure (500), which leaks no details', async () => {
    const broken = {
      selectFrom: () => {
        throw new Error('connection string postgres://secret');
      },
    } as unknown as AppDeps['db'];
    const app = createApp({ ...t.deps, db: broken });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await app.request('http://localhost:4321/api/author/get');
      expect(res.status).toBe(500);
      expectApiHeaders(res);
      expect(await res.text()).not.toContain('secret');
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});
