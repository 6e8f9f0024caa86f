import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownerToken } from '#db/liveness.ts';
import { holdInOtherProcess, PID_NAMESPACE, pidNamespacesPermitted, runInOtherProcess } from '#scripts/test/other-process.ts';
import { removeAbandonedStaging, stagingOwner } from './staging-owners.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'staging-test-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A build folder and its snapshot file, as buildStaticSite names them. */
function buildEntries(owner: string, name: string): string[] {
  fs.mkdirSync(path.join(root, `${owner}-${name}-1a2b3c4d`, 'nested'), { recursive: true });
  fs.writeFileSync(path.join(root, `${owner}-${name}-1a2b3c4d.snapshot.json`), '{}');
  return [`${owner}-${name}-1a2b3c4d`, `${owner}-${name}-1a2b3c4d.snapshot.json`];
}

/** An owner token whose process has listened in `root` and was then killed: a server before its restart. */
async function killedOwner(): Promise<string> {
  const token = ownerToken();
  await (await holdInOtherProcess('db/liveness.ts', 'listenWhileAlive', path.join(root, `${token}.sock`))).kill();
  return token;
}

describe('removeAbandonedStaging', () => {
  it("keeps this process's and a live server's builds; removes a killed server's and unnamed leftovers", async () => {
    const self = await stagingOwner(root);
    const other = ownerToken();
    const live = await holdInOtherProcess('db/liveness.ts', 'listenWhileAlive', path.join(root, `${other}.sock`));
    try {
      const kept = [...buildEntries(self, 'build-a'), `${self}.sock`, ...buildEntries(other, 'build-b'), `${other}.sock`];
      const killed = await killedOwner();
      buildEntries(killed, 'build-c');
      buildEntries('4242', 'build-d'); // named by PID, before owners had sockets
      expect(fs.existsSync(path.join(root, `${killed}.sock`))).toBe(true);

      await removeAbandonedStaging(root, self);
      expect(fs.readdirSync(root).sort()).toEqual(kept.sort());
    } finally {
      await live.kill();
    }
  });

  // A server in a container cannot see the processes outside it, nor can the host tell a container's
  // PIDs from its own: neither may decide by PID.
  it.skipIf(!pidNamespacesPermitted())(
    'inside a PID namespace keeps the build of a live server outside it (skipped without `unshare --pid`)',
    async () => {
      const outside = await stagingOwner(root); // this test process
      const kept = [...buildEntries(outside, 'build-a'), `${outside}.sock`];
      buildEntries(await killedOwner(), 'build-b');

      const run = runInOtherProcess(PID_NAMESPACE, 'scripts/server/staging-owners.ts', 'removeAbandonedStaging', root, ownerToken());
      expect(run.output).toContain('done');
      expect(fs.readdirSync(root).sort()).toEqual(kept.sort());
    },
  );
});
