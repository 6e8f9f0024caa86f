// The API suite's remote mode: `npm run test:cloud` runs the in-process API test files a second
// time, against the worker in workerd (wrangler dev), to prove the same app behaves the same in
// Cloudflare's runtime. It sets API_TEST_REMOTE to the worker's address, database and bucket; the
// harness (api.ts) then sends every `t.call` over HTTP, empties the worker's own database and bucket
// before each test, and marks as skipped each test that needs what only the in-process app has
// (its clock, a moved Date, its rebuild log, variants of its dependencies).
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { vi, type TestContext } from 'vitest';
import { S3Storage, type S3StorageOptions } from '#core/s3-storage.ts';

export interface RemoteTarget {
  /** The worker's address, also its SITE_URL (the origin its CSRF check accepts). */
  url: string;
  /** The migrated database the worker uses (through the Neon driver); the tests reach it with pg. */
  databaseUrl: string;
  sessionSecret: string;
  /** The worker's uploads bucket: emptied before each test, read by tests through `deps.storage`. */
  s3: S3StorageOptions;
}

/** Holds the workers as a JSON array: one per vitest worker, each with a database and bucket folder of its own. */
export const REMOTE_TARGET_VARIABLE = 'API_TEST_REMOTE';

/** The workers `npm run test:cloud` started for the suite, or none. */
export function remoteTargets(): RemoteTarget[] {
  const raw = process.env[REMOTE_TARGET_VARIABLE];
  return raw ? (JSON.parse(raw) as RemoteTarget[]) : [];
}

/** This test process's worker: vitest numbers its workers from 1 (VITEST_POOL_ID), so no two share one. */
function readRemoteTarget(): RemoteTarget | null {
  const targets = remoteTargets();
  if (targets.length === 0) return null;
  return targets[(Number(process.env['VITEST_POOL_ID'] ?? 1) - 1) % targets.length]!;
}

export const remoteTarget = readRemoteTarget();

/** The test running now, so that a harness getter can mark it skipped (set in a beforeEach). */
let runningTest: TestContext | undefined;
export function setRunningTest(context: TestContext | undefined): void {
  runningTest = context;
}

/** Skips the running test: it uses `what`, which the remote mode cannot give. */
export function skipInRemoteMode(what: string): never {
  const reason = `in-process only (${what})`;
  if (!runningTest) throw new Error(`${reason}: used outside a test, so the whole file cannot run against the worker`);
  return runningTest.skip(reason);
}

/**
 * The dependencies a remote test may read: the worker's database, bucket and session secret are
 * the same ones the tests reach here. Reading anything else, or replacing any of them, would test
 * an app the worker is not, so it skips the test instead.
 */
export function remoteDependencies<T extends object>(available: Partial<T>): T {
  return new Proxy(available, {
    get(target, key) {
      if (typeof key === 'symbol' || key === 'then') return undefined; // inspection by the runner or await
      if (key in target) return target[key as keyof typeof target];
      return skipInRemoteMode(`deps.${key}`);
    },
    set: (_target, key) => skipInRemoteMode(`setting deps.${String(key)}`),
    deleteProperty: (_target, key) => skipInRemoteMode(`deleting deps.${String(key)}`),
    ownKeys: () => skipInRemoteMode('a variant of the app (spreading deps)'),
  }) as T;
}

/** The worker's bucket, for tests to put and read files; a file put under a moved clock skips the test. */
export function remoteStorage(target: RemoteTarget): S3Storage {
  return new (class extends S3Storage {
    override put(key: string, body: Uint8Array, contentType: string): Promise<void> {
      // The test wants the file dated by its clock; S3 dates it itself (and refuses a skewed signature).
      if (vi.isFakeTimers()) skipInRemoteMode('a file dated by a moved clock');
      return super.put(key, body, contentType);
    }
  })(target.s3);
}

/**
 * Empties the worker's folder of the bucket before each test, as the in-process harness starts
 * with no files. One client for the whole file (`destroy` it after the last test).
 */
export function bucketEmptier(target: RemoteTarget): { empty(): Promise<void>; destroy(): void } {
  const { bucket, prefix, region, endpoint, credentials, forcePathStyle } = target.s3;
  const client = new S3Client({ region, endpoint, credentials, forcePathStyle: forcePathStyle ?? false });
  return {
    async empty() {
      // Listed again from the start after each round of deletes: what was deleted is gone, so no
      // continuation token is needed.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
        const keys = (page.Contents ?? []).map((object) => object.Key!);
        // One DeleteObject each: S3-compatible servers differ on the checksums DeleteObjects needs.
        await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
        if (!page.IsTruncated) return;
      }
    },
    destroy: () => client.destroy(),
  };
}

/** Sends a test's request to the worker as the browser would; `ip` poses as the client's address. */
export function remoteRequest(target: RemoteTarget, path: string, init: RequestInit, ip: string | undefined): Promise<Response> {
  // A test that moved its clock (vi.setSystemTime) expects the app to see that time; the worker cannot.
  if (vi.isFakeTimers()) skipInRemoteMode('a moved clock');
  const headers = new Headers(init.headers);
  // Locally, wrangler keeps a CF-Connecting-IP the client sent (Cloudflare's edge replaces it).
  if (ip) headers.set('cf-connecting-ip', ip);
  const streamed = init.body instanceof ReadableStream;
  return fetch(target.url + path, { ...init, headers, redirect: 'manual', ...(streamed ? { duplex: 'half' } : {}) } as RequestInit);
}
