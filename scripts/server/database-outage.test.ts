// A server database that goes away: the API answers 503 with Retry-After at once (no request
// hangs), the static pages keep being served, and the server recovers by itself when the database
// is back. Tested with the real server process on a real PostgreSQL that is stopped and started
// under it (Debian's packages, as .ci/run installs them; skipped where they are missing).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect.ts';
import { databaseUnavailable } from '../../functions/core/db-errors.ts';
import { UNAVAILABLE } from '../../functions/core/errors.ts';
import { freePort } from '../test/free-port.ts';
import { type Cluster, findPostgresBin, startCluster } from '../test/postgres-cluster.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgBin = findPostgresBin();

async function timed(url: string): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { response, ms: performance.now() - started };
}

describe.skipIf(!pgBin)('the Node server on PostgreSQL', () => {
  let cluster: Cluster;
  let server: ChildProcess | undefined;
  let dataDir: string;
  let output = '';
  let base: string;

  beforeAll(async () => {
    cluster = startCluster(pgBin!, await freePort());
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-test-data-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: cluster.url, DATABASE_DRIVER: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    Object.assign(env, { ADMIN_PASSWORD: 'outage-test-password', BACKUP_INTERVAL_HOURS: '0' });
    for (const name of Object.keys(env)) if (/^(SEED_DEMO_CONTENT|SITE_URL|S3_)/.test(name)) delete env[name];
    server = spawn(process.execPath, ['scripts/start.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output}`);
      if ((await fetch(`${base}/api/author/get`).catch(() => null))?.ok) break;
      if (Date.now() > deadline) throw new Error(`the server did not answer in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(() => {
    if (server?.exitCode === null) server.kill('SIGKILL');
    cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the database is down, and recovers when it is back', async () => {
    cluster.pause();
    const down = await timed(`${base}/api/author/get`);
    expect(down.response.status).toBe(503);
    expect(down.response.headers.get('retry-after')).toBe('5');
    expect(await down.response.json()).toEqual({ success: false, error: UNAVAILABLE });
    expect(down.ms).toBeLessThan(2_000); // a refused connection fails at once
    // A write too, and a signed-in route: every path through the database.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: 'admin', password: 'outage-test-password' }),
    });
    expect(login.status).toBe(503);
    // The published pages are files: readers keep reading.
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);

    cluster.resume();
    const up = await timed(`${base}/api/author/get`);
    expect(up.response.status).toBe(200);
    expect(await up.response.json()).toMatchObject({ success: true, profile: { name: 'Mara Quillon' } });
    expect(server?.exitCode).toBeNull();
    expect(output).toContain('unavailable (connect ECONNREFUSED');
  }, 60_000);
});

describe('a database that accepts connections but never answers', () => {
  it('fails within the connect timeout, as unavailable', async () => {
    const sockets: net.Socket[] = [];
    const blackHole = net.createServer((socket) => void sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => blackHole.once('listening', resolve));
    const { port } = blackHole.address() as net.AddressInfo;
    const handle = await connectDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const started = performance.now();
    try {
      const error = await handle.db.selectFrom('users').select('id').execute().catch((e: unknown) => e);
      expect(databaseUnavailable(error)).toBe(true);
      expect(performance.now() - started).toBeGreaterThan(9_000);
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      await handle.close();
      for (const socket of sockets) socket.destroy();
      blackHole.close();
    }
  }, 30_000);
});
