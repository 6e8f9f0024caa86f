// A server database that goes away: the API answers 503 with Retry-After at once (no request
// hangs), the static pages keep being served, and the server recovers by itself when the database
// is back. Tested with the real server process on a real PostgreSQL that is stopped and started
// under it (Debian's packages, as .ci/run installs them; skipped where they are missing).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '#db/connect.ts';
import { databaseUnavailable } from '#core/db-errors.ts';
import { UNAVAILABLE } from '#core/errors.ts';
import { freePort } from '#scripts/test/free-port.ts';
import { type Cluster, findPostgresBin, startCluster } from '#scripts/test/postgres-cluster.ts';
import { killServer, type ServerProcess, startServerProcess, waitFor } from '#scripts/test/server-process.ts';
const pgBin = findPostgresBin();

async function timed(url: string): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { response, ms: performance.now() - started };
}

describe.skipIf(!pgBin)('the Node server on PostgreSQL', () => {
  let cluster: Cluster;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    cluster = startCluster(pgBin!, await freePort());
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-test-data-'));
    server = await startServerProcess({
      DATABASE_URL: cluster.url,
      DATABASE_DRIVER: '',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'outage-test-password',
      BACKUP_INTERVAL_HOURS: '0',
    });
    base = server.base;
    await waitFor(server, '/api/author/get', (r) => r.ok, Date.now() + 90_000);
  }, 120_000);

  afterAll(() => {
    killServer(server);
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
    expect(server!.child.exitCode).toBeNull();
    expect(server!.output()).toContain('unavailable (connect ECONNREFUSED');
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
      const error = await handle.db
        .selectFrom('users')
        .select('id')
        .execute()
        .catch((e: unknown) => e);
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
