// The real server in a container-like PID namespace (what `unshare --pid` gives, and what Docker or
// Podman with tini give): killed with SIGKILL, it restarts in a fresh namespace with the same PID,
// while its db.lock still names that PID. It must start; a second live server must still be refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PID_NAMESPACE, pidNamespacesPermitted } from '#scripts/test/other-process.ts';
import { killServer, type ServerProcess, startServerProcess, waitFor } from '#scripts/test/server-process.ts';

const TIMEOUT = 180_000;

describe.skipIf(!pidNamespacesPermitted())('the server in a PID namespace (skipped where `unshare --pid` is not permitted)', () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const start = async (launcher: string[]) => {
    const env = {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'unclean-stop-password',
      DATABASE_URL: '',
      DATABASE_DRIVER: '',
      BACKUP_INTERVAL_HOURS: '0',
    };
    const server = await startServerProcess(env, (command) => [...launcher, ...command]);
    servers.push(server);
    return server;
  };
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unclean-stop-test-'));
  });
  afterAll(() => {
    for (const server of servers) killServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts again after SIGKILL with the same PID, and still refuses a second server on the data folder',
    async () => {
      const deadline = Date.now() + TIMEOUT - 20_000;
      const first = await start(PID_NAMESPACE);
      await waitFor(first, '/api/author/get', (r) => r.ok, deadline);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const lockHolder = () => (JSON.parse(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')) as { pid: number }).pid;
      expect(lockHolder()).toBe(1); // left behind, naming the PID the next server gets

      const second = await start(PID_NAMESPACE);
      const author = await waitFor(second, '/api/author/get', (r) => r.ok, deadline);
      expect(await author.json()).toMatchObject({ success: true, profile: { name: 'Mara Quillon' } });
      const sockets = () => fs.readdirSync(dataDir).filter((name) => name.endsWith('.sock'));
      expect(lockHolder()).toBe(1);
      expect(sockets()).toHaveLength(1); // the killed server's socket went with its lock

      // A server of this project on this data folder is alive: refused, from another namespace and from here.
      for (const launcher of [PID_NAMESPACE, []]) {
        const third = await start(launcher);
        expect(await third.exited).toMatchObject({ code: 1 });
        expect(third.output()).toMatch(/in use by process \d+/);
      }
      expect((await fetch(`${second.base}/api/author/get`)).status).toBe(200);
      expect(sockets()).toHaveLength(1);
    },
    TIMEOUT,
  );
});
