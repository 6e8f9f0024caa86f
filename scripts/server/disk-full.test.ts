// The real server on a disk that fills up: DATA_DIR on a small tmpfs of its own (a private mount
// namespace, so nothing outside the test sees it), filled to the last byte. A chapter and a
// gallery upload are answered 507 with the plain message, the server keeps running, and once
// space is freed the same requests succeed. Needs root (unshare and mount); skipped otherwise.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL } from '#core/disk-full.ts';
import { pngBytes } from '#functions/images/test-kit.ts';
import { killServer, type ServerProcess, startServerProcess, waitFor } from '#scripts/test/server-process.ts';
import { sessionCookieFrom } from '#scripts/test/session.ts';

const canMount = spawnSync('unshare', ['--mount', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt'], { stdio: 'ignore' }).status === 0;
if (!canMount) console.warn('disk-full.test.ts skipped: unshare --mount and mount -t tmpfs need root here');

/** Large enough for the embedded database and a built site, small enough to fill in a moment. */
const DISK_SIZE = '160m';
const PASSWORD = 'disk-full-test-password';

describe.skipIf(!canMount)('the Node server when its disk is full', () => {
  let server: ServerProcess | undefined;
  let mountPoint: string;
  let cookie: string;
  let filler: string;

  const call = (route: string, init: { json?: unknown; form?: FormData } = {}) =>
    fetch(server!.base + route, {
      method: 'POST',
      headers: { origin: server!.base, cookie, ...(init.json !== undefined && { 'content-type': 'application/json' }) },
      body: init.form ?? JSON.stringify(init.json),
    });

  beforeAll(async () => {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-full-test-'));
    const env = {
      DATA_DIR: mountPoint,
      DATABASE_URL: '',
      ADMIN_PASSWORD: PASSWORD,
      BACKUP_INTERVAL_HOURS: '0',
      SEED_DEMO_CONTENT: 'false',
      REBUILD_DEBOUNCE_MS: '60000',
    };
    // The shell mounts the tmpfs over the folder, in its own mount namespace, then becomes the server.
    server = await startServerProcess(env, (command) => [
      'unshare',
      '--mount',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${DISK_SIZE} tmpfs "$0" && exec "$@"`,
      mountPoint,
      ...command,
    ]);
    await waitFor(server, '/api/author/get', (r) => r.ok, Date.now() + 150_000);
    // The folder as the server sees it, through its own root (the mount is not visible here otherwise).
    filler = path.join(`/proc/${server.child.pid}/root`, mountPoint, 'filler');
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    cookie = sessionCookieFrom(login);
  }, 180_000);

  afterAll(() => {
    killServer(server);
    if (mountPoint) fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Writes until the file system refuses another byte. */
  function fillTheDisk() {
    const fd = fs.openSync(filler, 'w');
    try {
      for (const size of [1 << 20, 1 << 12, 1]) {
        const chunk = Buffer.alloc(size, 1);
        for (;;) {
          try {
            fs.writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            break;
          }
        }
      }
    } finally {
      fs.closeSync(fd);
    }
  }

  it('answers 507 "out of disk space" to a chapter and a gallery upload, keeps running, and recovers when space is freed', async () => {
    const story = await (await call('/api/stories/create', { json: { title: 'Full', slug: 'full' } })).json();
    const gallery = await (await call('/api/galleries/create', { json: { title: 'Full', slug: 'full' } })).json();
    // Random text does not compress: the chapter needs new pages in the database's files.
    const chapter = (n: number) => ({
      story_id: story.story.id,
      chapter_number: n,
      title: `C${n}`,
      slug: `c${n}`,
      content: randomBytes(150_000).toString('base64'),
    });
    const image = async () => {
      const form = new FormData();
      form.append('gallery_id', String(gallery.gallery.id));
      form.append('files[]', new File([(await pngBytes(256, 256)) as Uint8Array<ArrayBuffer>], 'full.png', { type: 'image/png' }));
      return form;
    };

    fillTheDisk();
    for (const response of [
      await call('/api/chapters/create', { json: chapter(1) }),
      await call('/api/images/gallery-upload', { form: await image() }),
    ]) {
      expect(response.status, server!.output()).toBe(507);
      expect(await response.json()).toEqual({ success: false, error: DISK_FULL });
    }
    expect((await fetch(`${server!.base}/api/author/get`)).status).toBe(200);

    fs.rmSync(filler);
    expect((await call('/api/chapters/create', { json: chapter(1) })).status, server!.output()).toBe(201);
    expect((await call('/api/images/gallery-upload', { form: await image() })).status).toBe(201);
  }, 120_000);
});
