// The real server for the page benchmarks: `scripts/start.ts` with the demo content in a
// throw-away DATA_DIR on 127.0.0.1, a signed-in admin, and a wait for the site to be republished.
// Every process started here is stopped by processes.ts (stopAll), also on failure.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '#scripts/test/free-port.ts';
import { outputOf, startProcess, waitForOk } from './processes.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  base: string;
  dataDir: string;
  /** The seeded admin's session cookie. */
  cookie: string;
  /** The server process, to watch its memory. */
  pid: number;
  /** What the server has logged so far. */
  log: () => string;
}

/**
 * `env` adds to or overrides the server's environment (for example TRUSTED_PROXIES); an
 * ADMIN_PASSWORD there lets a second start on the same `temp` sign in as the admin the first made.
 * `startTimeoutMs` bounds the first start, which builds the whole site.
 */
export async function startSiteServer(temp: string, env: NodeJS.ProcessEnv = {}, startTimeoutMs = 240_000): Promise<BenchServer> {
  const port = await freePort();
  const password = env['ADMIN_PASSWORD'] ?? randomBytes(12).toString('hex');
  const dataDir = path.join(temp, 'data');
  const base = `http://127.0.0.1:${port}`;
  const child = startProcess(process.execPath, ['scripts/start.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: base,
      ADMIN_PASSWORD: password,
      REBUILD_DEBOUNCE_MS: '100',
      DATABASE_URL: '',
      // As `npm start`, the systemd unit and the Dockerfile run it.
      MALLOC_ARENA_MAX: '2',
      ...env,
    },
  });
  // The first start seeds the demo content and builds the site before it answers.
  await waitForOk(`${base}/`, child, startTimeoutMs);
  const login = await api(base, '/api/auth/login', { json: { username: 'admin', password } });
  const cookie = login.response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { base, dataDir, cookie, pid: child.pid!, log: () => outputOf(child) };
}

/**
 * A GET or HEAD, sent once more when the connection fails: a kept-alive connection the server closed
 * just as the request went out is reset, which is no answer of the server's (a POST is never resent).
 */
export async function fetchAgain(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return fetch(url, init);
  }
}

export async function api<T>(
  base: string,
  route: string,
  init: { cookie?: string; json?: unknown; form?: FormData } = {},
): Promise<{ body: T; response: Response }> {
  const headers: Record<string, string> = { origin: base };
  if (init.cookie) headers['cookie'] = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const body = init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  const response =
    body === undefined ? await fetchAgain(base + route, { headers }) : await fetch(base + route, { method: 'POST', headers, body });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`);
  return { body: answer, response };
}

/** Resolves once the site has been republished after the changes made so far. */
export async function waitForPublished(server: BenchServer, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  type State = { state: { publishing: boolean; last_error: string | null } };
  for (;;) {
    const { body } = await api<State>(server.base, '/api/admin/publish-state', { cookie: server.cookie });
    if (!body.state.publishing) {
      if (body.state.last_error) throw new Error(`the rebuild failed: ${body.state.last_error}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`the rebuild did not finish within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
