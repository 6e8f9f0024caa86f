// Calls the running worker over HTTP as a browser would: same-origin requests with the Origin
// header (the worker's CSRF check), the session cookie passed along by hand.
import { E2E_ADMIN, sessionCookieFrom } from '#scripts/test/session.ts';

export const BASE_URL = process.env['CLOUD_BASE_URL'] ?? '';
if (!BASE_URL) throw new Error('CLOUD_BASE_URL is not set: run these tests through `npm run test:cloud`');
export const ADMIN = E2E_ADMIN; // scripts/cloud/run.ts creates it

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
}

export function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: BASE_URL, ...options.headers };
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const method = options.method ?? (options.json !== undefined || options.body !== undefined ? 'POST' : 'GET');
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  return fetch(BASE_URL + path, { method, headers, body, redirect: 'manual' });
}

/** The answer's status with its JSON body, for one toEqual/toMatchObject that shows both on failure. */
// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer it expects
export async function answer(response: Response | Promise<Response>): Promise<{ status: number; body: any }> {
  const res = await response;
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body };
}

export async function signInAsAdmin(): Promise<string> {
  return sessionCookieFrom(await call('/api/auth/login', { json: ADMIN }));
}
