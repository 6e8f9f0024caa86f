// PGlite has no cross-process lock: two processes that open one data folder silently lose
// writes (measured; README "How it works"). Every process that opens the embedded database first
// takes this lock file, and refuses to run while the process that holds it still answers on its
// socket (db/liveness.ts; docs/decisions/0019-owners-answer-on-a-socket.md).
import fs from 'node:fs';
import path from 'node:path';
import { isListening, listenWhileAlive, ownerToken } from './liveness.ts';

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

/** What db.lock says: the holder's process id (for people) and the socket it answers on. */
interface Holder {
  pid: number;
  socket: string;
}

const SOCKET_NAME = /^db-[0-9a-f]{16}\.sock$/;

function readHolder(content: string): Partial<Holder> {
  try {
    const holder = JSON.parse(content) as Partial<Holder>;
    return typeof holder === 'object' && holder !== null ? holder : {};
  } catch {
    return {};
  }
}

/** The socket file a lock names, or null for a lock without one (an older version's, or damaged). */
function socketOf(dataDir: string, content: string): string | null {
  const { socket } = readHolder(content);
  return typeof socket === 'string' && SOCKET_NAME.test(socket) ? path.join(dataDir, socket) : null;
}

/** Whether the holder written in `content` still runs. */
async function holderAlive(dataDir: string, content: string): Promise<boolean> {
  const socket = socketOf(dataDir, content);
  if (socket) return isListening(socket);
  // A bare process id is the lock of an older version that may still run (an update before its
  // restart); this process, or none, cannot be that holder.
  const pid = Number(content);
  return Number.isInteger(pid) && pid > 0 && otherProcessRunning(pid);
}

/**
 * Whether another process with this id runs. Only for what older versions and half-written files
 * name by a bare PID: this process's own id there is an earlier process's (a container's fixed pid).
 */
export function otherProcessRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it exists, as another user's
  }
}

/**
 * Removes a stale lock and the socket file it names. Moved aside first, so that when another
 * process took the lock over in the meantime, its fresh lock is put back rather than deleted.
 */
function removeStale(lockPath: string, staleContent: string, token: string): void {
  const moved = `${lockPath}.stale-${token}`;
  try {
    fs.renameSync(lockPath, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const staleSocket = socketOf(path.dirname(lockPath), staleContent);
  try {
    if (fs.readFileSync(moved, 'utf8') !== staleContent) fs.linkSync(moved, lockPath);
    else if (staleSocket) fs.rmSync(staleSocket, { force: true });
  } finally {
    fs.rmSync(moved, { force: true });
  }
}

function readLock(lockPath: string): string | null {
  try {
    return fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function releaseIfOwned(lockPath: string, content: string): void {
  if (readLock(lockPath) === content) fs.rmSync(lockPath, { force: true });
}

/** Takes `<dataDir>/db.lock` for this process, taking over a lock whose holder no longer answers. */
export async function acquireDatabaseLock(dataDir: string): Promise<DatabaseLock> {
  // Private when created here: the embedded database writes its files world-writable (0666,
  // whatever the umask), so the folder is what keeps other users of the machine out.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, 'db.lock');
  const token = ownerToken();
  // Listening before the lock names the socket: a lock never names a socket that nobody answers on.
  const liveness = await listenWhileAlive(path.join(dataDir, `db-${token}.sock`));
  const content = JSON.stringify({ pid: process.pid, socket: path.basename(liveness.path) } satisfies Holder);
  const candidate = `${lockPath}.${token}`;
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      // Written to a private file, then hard-linked into place: the link either fails (someone
      // holds the lock) or appears with its content, never empty.
      fs.writeFileSync(candidate, content);
      try {
        fs.linkSync(candidate, lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const held = readLock(lockPath);
        if (held === null) continue; // released meanwhile
        if (await holderAlive(dataDir, held)) throw new DatabaseLockedError(lockPath, Number(readHolder(held).pid ?? held));
        removeStale(lockPath, held, token);
        continue;
      } finally {
        fs.rmSync(candidate, { force: true });
      }
      // Also let go when the process exits without releasing (stopped while starting up).
      const onExit = () => releaseIfOwned(lockPath, content);
      process.once('exit', onExit);
      return {
        path: lockPath,
        release: () => {
          process.off('exit', onExit);
          releaseIfOwned(lockPath, content);
          liveness.close();
        },
      };
    }
    throw new Error(`Could not take the database lock ${lockPath}`);
  } catch (error) {
    liveness.close();
    throw error;
  }
}
