// One contract for every Storage: what the app may rely on, whichever backend holds the uploads.
// S3Storage runs against a real S3 server (s3rver), started and stopped by this file.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Storage } from '#core/s3-storage.ts';
import type { Storage } from '#core/storage.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { LocalFolderStorage } from './local-storage.ts';

const BUCKET = 'site-uploads';
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

// s3rver signs its list continuation tokens with DES, which OpenSSL 3 only offers through its
// legacy provider (https://github.com/jamhall/s3rver/issues/818). A child process with that
// flag keeps paging testable without loosening crypto in the test process itself.
const S3RVER_SCRIPT = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true,
  directory: process.env.S3RVER_DIRECTORY,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET, configs: [] }],
});
// The IPC channel closes when the test process ends, however it ends: the server goes with it.
process.on('disconnect', () => process.exit(0));
server.run().then(({ port }) => process.send(port), (error) => { console.error(error); process.exit(1); });
`;

interface RunningS3rver {
  endpoint: string;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forceKill = setTimeout(() => child.kill('SIGKILL'), 2_000);
  await exited;
  clearTimeout(forceKill);
}

async function startS3rver(directory: string): Promise<RunningS3rver> {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', S3RVER_SCRIPT], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_DIRECTORY: directory,
      S3RVER_BUCKET: BUCKET,
    },
  });
  const stop = () => stopChild(child);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('s3rver did not start within 10 s')), 10_000);
      child.once('message', (message) => {
        clearTimeout(timeout);
        resolve(Number(message));
      });
      child.once('exit', (code) => {
        clearTimeout(timeout);
        reject(new Error(`s3rver exited with code ${code}`));
      });
    });
    return { endpoint: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

let tmpRoot: string;
let s3rver: RunningS3rver | undefined;
const s3Storages: S3Storage[] = [];

function s3Storage(options: { bucket?: string; prefix?: string; pageSize?: number } = {}): S3Storage {
  if (!s3rver) throw new Error('s3rver is not running');
  const storage = new S3Storage({
    bucket: options.bucket ?? BUCKET,
    region: 'us-east-1',
    endpoint: s3rver.endpoint,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
    prefix: options.prefix,
    pageSize: options.pageSize,
  });
  s3Storages.push(storage);
  return storage;
}

beforeAll(async () => {
  tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'));
  s3rver = await startS3rver(path.join(tmpRoot, 's3rver'));
});

afterAll(async () => {
  for (const storage of s3Storages) storage.destroy();
  await s3rver?.stop();
  fs.rmSync(tmpRoot, { recursive: true, force: true });
});

let testNumber = 0;
const backends: Array<{ name: string; create(): Storage }> = [
  { name: 'MemoryStorage', create: () => new MemoryStorage() },
  { name: 'LocalFolderStorage', create: () => new LocalFolderStorage(fs.mkdtempSync(path.join(tmpRoot, 'local-'))) },
  // Each test gets its own prefix in the one bucket, which also exercises S3_PREFIX. Five keys a
  // page make every list below follow continuation tokens, as S3 does past 1,000 keys, without
  // the seconds that 1,001 uploads to s3rver take.
  { name: 'S3Storage', create: () => s3Storage({ prefix: `test-${++testNumber}/`, pageSize: 5 }) },
];

const bytes = (text: string) => new TextEncoder().encode(text);
const unixNow = () => Date.now() / 1000;
/** The order MemoryStorage and LocalFolderStorage list in; every backend must agree. */
const byKey = (a: string, b: string) => a.localeCompare(b);

function expectSameBytes(actual: Uint8Array | undefined, expected: Uint8Array): void {
  expect(actual).toBeInstanceOf(Uint8Array);
  expect(actual!.byteLength).toBe(expected.byteLength);
  // Buffer.equals, not toEqual: a 1 MB mismatch would otherwise print a million-element diff.
  expect(Buffer.from(actual!.buffer, actual!.byteOffset, actual!.byteLength).equals(expected)).toBe(true);
}

describe.each(backends)('$name keeps the Storage contract', ({ create }) => {
  let storage: Storage;
  beforeEach(() => {
    storage = create();
  });

  it('gives back what was put, with its content type', async () => {
    await storage.put('covers/a1.webp', bytes('cover'), 'image/webp');
    const file = await storage.get('covers/a1.webp');
    expectSameBytes(file?.body, bytes('cover'));
    expect(file?.contentType).toBe('image/webp');
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get('covers/missing.webp')).toBeNull();
  });

  it('replaces a file on a second put', async () => {
    await storage.put('covers/a.png', bytes('old'), 'image/png');
    await storage.put('covers/a.png', bytes('newer'), 'image/png');
    expectSameBytes((await storage.get('covers/a.png'))?.body, bytes('newer'));
    expect(await storage.list('covers')).toEqual([expect.objectContaining({ key: 'covers/a.png', size: 5 })]);
  });

  it('keeps its own copy: changing a buffer handed to put or returned by get changes nothing', async () => {
    const body = bytes('original');
    await storage.put('covers/a.png', body, 'image/png');
    body.fill(0);
    (await storage.get('covers/a.png'))?.body.fill(0);
    expectSameBytes((await storage.get('covers/a.png'))?.body, bytes('original'));
  });

  it('deletes: true while the file existed, false after', async () => {
    await storage.put('general/x.gif', bytes('x'), 'image/gif');
    expect(await storage.delete('general/x.gif')).toBe(true);
    expect(await storage.get('general/x.gif')).toBeNull();
    expect(await storage.delete('general/x.gif')).toBe(false);
    expect(await storage.delete('general/never.gif')).toBe(false);
    expect(await storage.list('general')).toEqual([]);
  });

  it('lists only the files directly inside the folder, sorted, with size and modification time', async () => {
    const before = unixNow();
    const keys = ['covers/c.png', 'covers/B.png', 'covers/a.webp', 'covers/a-2.webp', 'covers/10.png', 'covers/9.png'];
    for (const key of keys) await storage.put(key, bytes(key), 'image/png');
    // Neighbours that a careless prefix match would pick up.
    await storage.put('covers/nested/deep.png', bytes('deep'), 'image/png');
    await storage.put('covers-old/x.png', bytes('other folder'), 'image/png');
    await storage.put('general/y.png', bytes('other folder'), 'image/png');

    const listed = await storage.list('covers');
    const after = unixNow();
    expect(listed.map((file) => file.key)).toEqual([...keys].sort(byKey));
    for (const file of listed) {
      expect(file.size).toBe(bytes(file.key).byteLength);
      expect(Number.isInteger(file.modified)).toBe(true);
      // A second of slack: file systems stamp times from a coarser clock than Date.now().
      expect(file.modified).toBeGreaterThanOrEqual(Math.floor(before) - 1);
      expect(file.modified).toBeLessThanOrEqual(Math.ceil(after));
    }
  });

  it('lists an empty or missing folder as []', async () => {
    expect(await storage.list('pagebreaks')).toEqual([]);
    await storage.put('pagebreaks/only.png', bytes('x'), 'image/png');
    await storage.delete('pagebreaks/only.png');
    expect(await storage.list('pagebreaks')).toEqual([]);
  });

  it('stores binary bodies byte for byte: every byte value, and 1 MB', async () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, value) => value);
    const oneMegabyte = Uint8Array.from({ length: 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24);
    await storage.put('general/bytes.png', everyByte, 'image/png');
    await storage.put('general/large.png', oneMegabyte, 'image/png');
    expectSameBytes((await storage.get('general/bytes.png'))?.body, everyByte);
    expectSameBytes((await storage.get('general/large.png'))?.body, oneMegabyte);
    expect((await storage.list('general')).map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'general/bytes.png', size: 256 },
      { key: 'general/large.png', size: 1024 * 1024 },
    ]);
  });

  it('lists a folder of many files, over many list pages', async () => {
    const keys = Array.from({ length: 101 }, (_, i) => `general/f${String(i).padStart(3, '0')}.png`);
    await Promise.all(keys.map((key) => storage.put(key, bytes('x'), 'image/png')));
    const listed = await storage.list('general');
    expect(listed.map((file) => file.key)).toEqual(keys);
  });

  it('states a file without reading it: its size and a version that changes with every write', async () => {
    await storage.put('covers/a.png', bytes('first'), 'image/png');
    const first = await storage.stat('covers/a.png');
    expect(first).toEqual({ size: 5, version: expect.any(String) });
    expect(await storage.stat('covers/a.png')).toEqual(first);
    await storage.put('covers/a.png', bytes('other'), 'image/png');
    const second = await storage.stat('covers/a.png');
    expect(second?.size).toBe(5);
    expect(second?.version).not.toBe(first?.version);
  });

  it('states and reads nothing for a missing key or a folder', async () => {
    await storage.put('covers/a', bytes('x'), 'image/png');
    for (const key of ['covers/missing.png', 'covers', 'covers/a/x']) {
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.read(key, 0, 0)).toBeNull();
    }
  });

  it('reads any part of a file as a stream', async () => {
    const oneMegabyte = Uint8Array.from({ length: 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24);
    await storage.put('general/large.png', oneMegabyte, 'image/png');
    const read = async (start: number, end: number) =>
      new Uint8Array(await new Response(await storage.read('general/large.png', start, end)).arrayBuffer());
    expectSameBytes(await read(0, oneMegabyte.length - 1), oneMegabyte);
    // One byte, not the first: s3rver (not S3) reads "bytes=0-0" as the whole object.
    expectSameBytes(await read(5, 5), oneMegabyte.subarray(5, 6));
    expectSameBytes(await read(70_000, 200_000), oneMegabyte.subarray(70_000, 200_001));
    expectSameBytes(await read(oneMegabyte.length - 3, oneMegabyte.length - 1), oneMegabyte.subarray(-3));
  });

  it('keeps serving while many downloads are open and unread (slow readers), and lets them go when cancelled', async () => {
    await storage.put('general/a.png', new Uint8Array(256 * 1024), 'image/png');
    const open = await Promise.all(Array.from({ length: 60 }, () => storage.read('general/a.png', 0, 256 * 1024 - 1)));
    await storage.put('general/b.png', bytes('b'), 'image/png');
    expectSameBytes((await storage.get('general/b.png'))?.body, bytes('b'));
    await Promise.all(open.map((stream) => stream?.cancel()));
  }, 10_000);

  it.each(['../x', '/etc/passwd', 'covers/../../x', 'covers/x.png\0.jpg', ''])('refuses the key %j on every operation', async (key) => {
    await expect(storage.put(key, bytes('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.stat(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.read(key, 0, 0)).rejects.toThrow(/Unsafe storage key/);
  });

  it.each(['..', '../x', '/etc', 'covers/sub', 'covers\0', ''])('refuses to list the folder %j', async (folder) => {
    await expect(storage.list(folder)).rejects.toThrow(/Unsafe storage folder/);
  });
});

describe('S3Storage in a shared bucket', () => {
  it('keeps every upload under its prefix, with or without a trailing slash', async () => {
    await s3Storage({ prefix: 'site-a' }).put('covers/x.webp', bytes('a'), 'image/webp');
    const wholeBucket = s3Storage();
    expectSameBytes((await wholeBucket.get('site-a/covers/x.webp'))?.body, bytes('a'));
    expect(await s3Storage({ prefix: 'site-a/' }).list('covers')).toEqual([expect.objectContaining({ key: 'covers/x.webp' })]);
    expect(await s3Storage({ prefix: 'site-b/' }).list('covers')).toEqual([]);
  });

  it('lets errors other than a missing key through', async () => {
    const missingBucket = s3Storage({ bucket: 'no-such-bucket' });
    await expect(missingBucket.get('covers/x.webp')).rejects.toThrow(/bucket does not exist/);
    await expect(missingBucket.list('covers')).rejects.toThrow(/bucket does not exist/);
  });
});
