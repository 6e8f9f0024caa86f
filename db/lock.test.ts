import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdInOtherProcess, type OtherProcess } from '#scripts/test/other-process.ts';
import { acquireDatabaseLock, type DatabaseLock, DatabaseLockedError } from './lock.ts';

let dir: string;
const locks: DatabaseLock[] = [];
const others: OtherProcess[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-lock-test-'));
});
afterEach(async () => {
  for (const lock of locks.splice(0)) lock.release();
  for (const other of others.splice(0)) await other.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, 'db.lock');
const holder = () => JSON.parse(fs.readFileSync(lockFile(), 'utf8')) as { pid: number; socket: string };
const acquire = async (dataDir = dir) => {
  const lock = await acquireDatabaseLock(dataDir);
  locks.push(lock);
  return lock;
};
/** The lock taken by another process, as a running server holds it. */
const otherHolder = async () => {
  const other = await holdInOtherProcess('db/lock.ts', 'acquireDatabaseLock', dir);
  others.push(other);
  return other;
};

async function lockedErrorFrom(promise: Promise<unknown>): Promise<DatabaseLockedError> {
  const error = await promise.then(
    () => new Error('expected DatabaseLockedError, but the lock was taken'),
    (error: unknown) => error,
  );
  if (error instanceof DatabaseLockedError) return error;
  throw error;
}

describe('acquireDatabaseLock', () => {
  it('writes the owner pid and its socket into <dataDir>/db.lock, creating the folder', async () => {
    const nested = path.join(dir, 'data', 'nested');
    const lock = await acquire(nested);
    expect(lock.path).toBe(path.join(nested, 'db.lock'));
    const { pid, socket } = JSON.parse(fs.readFileSync(lock.path, 'utf8')) as { pid: number; socket: string };
    expect(pid).toBe(process.pid);
    expect(fs.statSync(path.join(nested, socket)).isSocket()).toBe(true);
  });

  it('creates the data folder private (0700): the embedded database writes its files world-writable', async () => {
    const fresh = path.join(dir, 'fresh-data');
    (await acquireDatabaseLock(fresh)).release();
    expect((fs.statSync(fresh).mode & 0o777).toString(8)).toBe('700');
  });

  it('refuses while another live process holds the lock, naming it, and leaves its lock alone', async () => {
    const other = await otherHolder();
    const before = fs.readFileSync(lockFile(), 'utf8');
    const error = await lockedErrorFrom(acquireDatabaseLock(dir));
    expect(error.pid).toBe(other.pid);
    expect(error.message).toContain(`in use by process ${other.pid}`);
    expect(error.message).toContain(dir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(before);
    expect(fs.readdirSync(dir).sort()).toEqual([holder().socket, 'db.lock'].sort()); // the refused one's socket is gone
  });

  it('refuses a second acquire in the process that holds it', async () => {
    await acquire();
    expect((await lockedErrorFrom(acquireDatabaseLock(dir))).pid).toBe(process.pid);
  });

  it('takes over a lock left by a process killed with SIGKILL, and removes its socket', async () => {
    const other = await otherHolder();
    const left = holder();
    await other.kill();
    expect(fs.existsSync(path.join(dir, left.socket))).toBe(true);
    await acquire();
    expect(holder().pid).toBe(process.pid);
    expect(fs.existsSync(path.join(dir, left.socket))).toBe(false);
  });

  // In a container the restarted server gets the PID the killed one had: that PID is alive (it is
  // the new process), yet the lock is stale.
  it('takes over a lock that names this process (a restart with the same PID) but whose socket does not answer', async () => {
    fs.writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, socket: 'db-0123456789abcdef.sock' }));
    await acquire();
    expect(holder().socket).not.toBe('db-0123456789abcdef.sock');
  });

  // An older version wrote only a PID.
  it.each([String(process.pid), 'not-a-pid', '-5', '0', '{}'])('takes over an older lock file holding %j', async (content) => {
    fs.writeFileSync(lockFile(), content);
    await acquire();
    expect(holder().pid).toBe(process.pid);
  });

  it("refuses an older version's lock while its process lives (an update before the server restarted)", async () => {
    fs.writeFileSync(lockFile(), String(process.ppid));
    expect((await lockedErrorFrom(acquireDatabaseLock(dir))).pid).toBe(process.ppid);
  });

  it('can be acquired again after release, and leaves nothing behind', async () => {
    const first = await acquireDatabaseLock(dir);
    first.release();
    expect(fs.readdirSync(dir)).toEqual([]);
    const second = await acquireDatabaseLock(dir);
    expect(fs.existsSync(second.path)).toBe(true);
    second.release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('does not remove a lock that another owner has since taken', async () => {
    const stale = await acquireDatabaseLock(dir);
    fs.rmSync(path.join(dir, holder().socket)); // as if its process were gone
    const current = await acquire();
    const taken = fs.readFileSync(current.path, 'utf8');
    stale.release();
    expect(fs.readFileSync(current.path, 'utf8')).toBe(taken);
  });
});
