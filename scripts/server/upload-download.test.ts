// A large upload downloaded through the Node adapter, as the server runs it: the file is read only
// as fast as the client takes it, a client that stops reading holds up nobody, and one that goes
// away releases the file (decision 20).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppDeps, AppEnv } from '#core/env.ts';
import { uploadFileRoutes } from '#functions/uploads/routes.ts';
import { CountingStorage } from '#scripts/test/counting-storage.ts';
import { freePort } from '#scripts/test/free-port.ts';
import { LocalFolderStorage } from './local-storage.ts';

const SIZE = 32 * 1024 * 1024;

let root: string;
let storage: CountingStorage;
let server: ServerType;
let base: { port: number };
beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'download-'));
  storage = new CountingStorage(new LocalFolderStorage(root));
  await storage.put('general/big.png', new Uint8Array(SIZE), 'image/png');
  await storage.put('general/small.png', new Uint8Array(100), 'image/png');
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { storage } as unknown as AppDeps);
    await next();
  });
  app.route('/api/uploads', uploadFileRoutes);
  base = { port: await freePort() };
  server = serve({ fetch: app.fetch, port: base.port, hostname: '127.0.0.1' });
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

/** The files this process holds open below the uploads folder. */
const openFiles = () =>
  fs.readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(root) ? [target] : [];
    } catch {
      return []; // closed meanwhile
    }
  });

it('reads a large file only as fast as a stalled client takes it, serves others meanwhile, and lets go when the client leaves', async () => {
  const stalled = net.connect(base.port, '127.0.0.1');
  stalled.pause();
  stalled.write('GET /api/uploads/general/big.png HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // What the socket buffers hold, a few megabytes at most, not the file.
  expect(storage.handedOut).toBeLessThan(SIZE / 2);

  const started = performance.now();
  const other = await fetch(`http://127.0.0.1:${base.port}/api/uploads/general/small.png`);
  expect((await other.arrayBuffer()).byteLength).toBe(100);
  expect(performance.now() - started).toBeLessThan(2000);

  if (fs.existsSync('/proc/self/fd')) expect(openFiles()).toEqual([path.join(root, 'general/big.png')]);
  stalled.destroy();
  await expect.poll(() => (fs.existsSync('/proc/self/fd') ? openFiles() : []), { timeout: 2000 }).toEqual([]);
});
