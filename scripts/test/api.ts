// Shared set-up for API test files: one database per file (opening PGlite costs ~2 s), emptied
// before each test, and helpers to call the app as a browser would. With API_TEST_REMOTE set
// (by `npm run test:cloud`) the same tests call the worker in workerd instead (remote-api.ts).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { hashTestPassword } from './passwords.ts';
import { userStore } from '#functions/auth/store.ts';
import { createApp, type App } from '#functions/app.ts';
import type { StaffRole } from '#db/types.ts';
import type { AppDeps } from '#core/env.ts';
import type { PublishState, RebuildTrigger } from '#core/rebuild.ts';
import { sharpImages } from '#scripts/server/sharp-images.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { MemoryStorage } from './memory-storage.ts';
import { recordingMail } from './recording-mail.ts';
import { sessionCookieFrom } from './session.ts';
import {
  bucketEmptier,
  remoteDependencies,
  remoteRequest,
  remoteStorage,
  remoteTarget,
  setRunningTest,
  skipInRemoteMode,
  type RemoteTarget,
} from './remote-api.ts';

/** Set when the suite runs against the worker (test:cloud); the few runtime differences test on it. */
export { remoteTarget };

/** The site's origin: same-origin requests carry it (the CSRF check); remotely, the worker's own. */
export const TEST_ORIGIN = remoteTarget?.url ?? 'http://localhost:4321';
/** Requests carry this header to pose as a client address (the app's clientIp reads it in tests). */
const TEST_IP_HEADER = 'x-test-client-ip';

export interface CallOptions {
  method?: string;
  /** Sent as JSON with the JSON content type. */
  json?: unknown;
  /** A raw body, sent with `headers`' content type. */
  body?: BodyInit;
  headers?: Record<string, string>;
  cookie?: string;
  ip?: string;
}

export interface ApiTestContext {
  app: App;
  /** What the app was created with, to build a variant of it. */
  deps: AppDeps;
  database: TestDatabase;
  rebuilds: string[];
  /** The app's clock: the real time unless a test sets it (reset before each test). */
  clock: { now: Date | null };
  /** How often the app said release times changed (reset before each test). */
  releaseChanges: number;
  /** What the rebuild trigger reports as the publish state; tests may replace it. */
  publishState: PublishState;
  call(path: string, options?: CallOptions): Promise<Response>;
  createUser(username: string, password: string, role?: StaffRole): Promise<number>;
  /** Signs in and returns the session cookie ("session=…"; "__Host-session=…" over https). */
  signIn(username: string, password: string): Promise<string>;
  /** Creates a user with the role and returns a signed-in cookie for it. */
  signedInAs(role: StaffRole): Promise<string>;
}

export { sessionCookieFrom };

export function useApiTestContext(): ApiTestContext {
  const ctx = { rebuilds: [] as string[], clock: { now: null }, releaseChanges: 0 } as ApiTestContext;
  const rebuild: RebuildTrigger = { schedule: (reason) => ctx.rebuilds.push(reason), state: () => ctx.publishState };
  const remote = remoteTarget;
  if (remote) useRemoteTarget(ctx, remote);

  beforeAll(async () => {
    if (remote) return;
    ctx.database = await openTestDatabase();
    ctx.deps = {
      db: ctx.database.db,
      sessionSecret: new TextEncoder().encode('test-secret-that-is-at-least-32-bytes-long'),
      clientIp: (c) => c.req.header(TEST_IP_HEADER) ?? '127.0.0.1',
      rebuild,
      storage: new MemoryStorage(),
      images: sharpImages,
      now: () => ctx.clock.now ?? new Date(),
      releasesChanged: () => void ctx.releaseChanges++,
      // Email on, as a configured site has it; tests of a site without it make an app without `mail`.
      mail: recordingMail(TEST_ORIGIN),
    };
    ctx.app = createApp(ctx.deps);
  }, 60_000);
  afterAll(async () => ctx.database?.close());
  beforeEach(async () => {
    await ctx.database.reset();
    if (remote) return;
    ctx.rebuilds.length = 0;
    ctx.clock.now = null;
    ctx.releaseChanges = 0;
    ctx.deps.storage = new MemoryStorage(); // the database is emptied above; the files too
    ctx.publishState = { publishing: false, last_published_at: null, last_error: null };
  });

  ctx.call = async (path, options = {}) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
    if (options.cookie) headers['cookie'] = options.cookie;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    if (remote) return remoteRequest(remote, path, { method, headers, body }, options.ip);
    if (options.ip) headers[TEST_IP_HEADER] = options.ip;
    return ctx.app.request(`${TEST_ORIGIN}${path}`, { method, headers, body });
  };
  ctx.createUser = async (username, password, role = 'admin') => {
    const user = await userStore.create(ctx.database.db, { username, password_hash: await hashTestPassword(password), role });
    return user.id;
  };
  ctx.signIn = async (username, password) => {
    const response = await ctx.call('/api/auth/login', { json: { username, password } });
    return sessionCookieFrom(response);
  };
  ctx.signedInAs = async (role) => {
    await ctx.createUser(`${role}-user`, 'correct horse battery', role);
    return ctx.signIn(`${role}-user`, 'correct horse battery');
  };
  return ctx;
}

/**
 * Points the context at the worker: its database and bucket, emptied before each test, and the
 * parts only the in-process app has (the app object, its clock, rebuild log and publish state)
 * made to skip the test that touches them.
 */
function useRemoteTarget(ctx: ApiTestContext, remote: RemoteTarget): void {
  const storage = remoteStorage(remote);
  const bucket = bucketEmptier(remote);
  for (const name of ['app', 'rebuilds', 'clock', 'releaseChanges', 'publishState'] as const) {
    Object.defineProperty(ctx, name, { get: () => skipInRemoteMode(name), set: () => skipInRemoteMode(name) });
  }
  beforeAll(async () => {
    ctx.database = await openTestDatabase({ existingUrl: remote.databaseUrl });
    ctx.deps = remoteDependencies<AppDeps>({
      db: ctx.database.db,
      sessionSecret: new TextEncoder().encode(remote.sessionSecret),
      storage,
      images: sharpImages,
    });
  }, 60_000);
  beforeEach(async (context) => {
    setRunningTest(context);
    await bucket.empty();
  });
  afterEach(() => setRunningTest(undefined));
  afterAll(() => {
    storage.destroy();
    bucket.destroy();
  });
}
