// PGlite has no cross-process lock: two processes that open one data folder silently lose
// writes (measured; see ARCHITECTURE "Known pitfalls"). Every process that opens the embedded
// database first takes this lock file, and refuses to run while another live process holds it.
import fs from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  readonly pid: number;
  constructor(lockPath: string, pid: number) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by process ${pid} (the running server, ` +
        `usually). Stop it first, or change content through the running site.`,
    );
    this.pid = pid;
  }
}

export interface DatabaseLock {
  path: string;
  release(): void;
}

/** Whether a process with this id is running (ours or another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOwned(lockPath: string, owner: number): void {
  try {
    if (fs.readFileSync(lockPath, 'utf8') === String(owner)) fs.rmSync(lockPath, { force: true });
  } catch {
    // Already released.
  }
}

/** Takes `<dataDir>/db.lock` for this process, taking over a lock left by a process that died. */
export function acquireDatabaseLock(dataDir: string, owner = process.pid): DatabaseLock {
  // Private when created here: the embedded database writes its files world-writable (0666,
  // whatever the umask), so the folder is what keeps other users of the machine out.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    // Write the pid to a private file, then hard-link it into place: the link either fails
    // (someone holds the lock) or appears with its content, never empty.
    const candidate = `${lockPath}.${owner}.${process.hrtime.bigint()}`;
    fs.writeFileSync(candidate, String(owner));
    try {
      fs.linkSync(candidate, lockPath);
      // Also let go when the process exits without releasing (stopped while starting up).
      const onExit = () => releaseIfOwned(lockPath, owner);
      process.once('exit', onExit);
      return {
        path: lockPath,
        release: () => {
          process.off('exit', onExit);
          releaseIfOwned(lockPath, owner);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DatabaseLockedError(lockPath, holder);
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    } finally {
      fs.rmSync(candidate, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}
