// Who owns what in .site/staging/: every entry a build makes there starts with its process's owner
// token, and the process answers on `<token>.sock` beside them for as long as it lives
// (db/liveness.ts; docs/decisions/0019-owners-answer-on-a-socket.md). A server killed mid-build
// (Playwright stops its web server with SIGKILL) never reaches its clean-up; what it left is
// removed by the next build, whichever process or PID namespace that runs in.
import fs from 'node:fs/promises';
import path from 'node:path';
import { isListening, listenWhileAlive, ownerToken } from '#db/liveness.ts';

const owners = new Map<string, Promise<string>>();

/** This process's owner token in `stagingRoot`, listening on its socket from the first call on. */
export function stagingOwner(stagingRoot: string): Promise<string> {
  let owner = owners.get(stagingRoot);
  if (!owner) {
    const token = ownerToken();
    owner = listenWhileAlive(path.join(stagingRoot, `${token}.sock`)).then(() => token);
    owner.catch(() => owners.delete(stagingRoot)); // the next build tries again
    owners.set(stagingRoot, owner);
  }
  return owner;
}

/**
 * Removes the entries of owners that no longer answer, and entries named without an owner
 * token (from a version before them). The entries of `self` and of every live process stay.
 */
export async function removeAbandonedStaging(stagingRoot: string, self: string): Promise<void> {
  const alive = new Map<string, Promise<boolean>>([[self, Promise.resolve(true)]]);
  for (const entry of await fs.readdir(stagingRoot)) {
    const owner = /^([0-9a-f]{16})[-.]/.exec(entry)?.[1];
    if (owner && !alive.has(owner)) alive.set(owner, isListening(path.join(stagingRoot, `${owner}.sock`)));
    if (owner && (await alive.get(owner))) continue;
    await fs.rm(path.join(stagingRoot, entry), { recursive: true, force: true });
  }
}
