import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDatabaseLock, DatabaseLockedError } from './lock.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-lock-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, 'db.lock');

/** A pid with no running process (checked, not assumed). */
function deadPid(): number {
  for (let pid = 999_999; pid > 900_000; pid--) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
  throw new Error('no free pid found');
}

function lockedErrorFrom(fn: () => unknown): DatabaseLockedError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DatabaseLockedError) return error;
    throw error;
  }
  throw new Error('expected DatabaseLockedError, but the lock was taken');
}

describe('acquireDatabaseLock', () => {
  it('writes the owner pid into <dataDir>/db.lock, creating the folder', () => {
    const nested = path.join(dir, 'data', 'nested');
    const lock = acquireDatabaseLock(nested);
    expect(lock.path).toBe(path.join(nested, 'db.lock'));
    expect(fs.readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
  });

  it('creates the data folder private (0700): the embedded database writes its files world-writable', () => {
    const fresh = path.join(dir, 'fresh-data');
    acquireDatabaseLock(fresh).release();
    expect((fs.statSync(fresh).mode & 0o777).toString(8)).toBe('700');
  });

  it('refuses a second acquire while a live process holds the lock, naming it', () => {
    acquireDatabaseLock(dir, process.pid);
    const same = lockedErrorFrom(() => acquireDatabaseLock(dir, process.pid));
    expect(same.pid).toBe(process.pid);
    expect(same.message).toContain(`in use by process ${process.pid}`);
    expect(same.message).toContain(dir);

    // Another (live) owner is refused too, and the holder's file is left untouched.
    const other = lockedErrorFrom(() => acquireDatabaseLock(dir, process.ppid));
    expect(other.pid).toBe(process.pid);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
  });

  it('takes over a lock left by a process that died', () => {
    const dead = deadPid();
    fs.writeFileSync(lockFile(), String(dead));
    const lock = acquireDatabaseLock(dir, process.pid);
    expect(fs.readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
  });

  it.each(['not-a-pid', '-5', '0'])('takes over a lock file holding %j', (content) => {
    fs.writeFileSync(lockFile(), content);
    const lock = acquireDatabaseLock(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
  });

  it('can be acquired again after release', () => {
    const first = acquireDatabaseLock(dir);
    first.release();
    expect(fs.existsSync(lockFile())).toBe(false);
    const second = acquireDatabaseLock(dir);
    expect(fs.existsSync(second.path)).toBe(true);
    second.release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('does not remove a lock that another owner has since taken', () => {
    const stale = acquireDatabaseLock(dir, deadPid());
    const current = acquireDatabaseLock(dir, process.pid); // takes over: the first owner is dead
    stale.release();
    expect(fs.readFileSync(current.path, 'utf8')).toBe(String(process.pid));
  });
});
