// Whether the owner of a lock or of a build folder still runs, asked of the owner itself: it
// listens on a Unix socket in the folder it owns for as long as it lives. The kernel closes the
// socket however the process ends (SIGKILL included), and a connect reaches it from any PID
// namespace that sees the folder, where a process id means another process or nothing
// (docs/decisions/0019-owners-answer-on-a-socket.md).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface LivenessSocket {
  path: string;
  close(): void;
}

/** A name for one owner: random, so never reused the way a process id is. */
export function ownerToken(): string {
  return randomBytes(8).toString('hex');
}

// A socket address holds 108 bytes on Linux and 104 on macOS, the final NUL included.
const MAX_SOCKET_ADDRESS = 103;

/** The socket path as short as it can be said from here (relative to the working folder when that is shorter). */
function socketAddress(socketPath: string): string {
  const relative = path.relative(process.cwd(), socketPath);
  const address = relative.length < socketPath.length ? relative : socketPath;
  if (Buffer.byteLength(address) > MAX_SOCKET_ADDRESS) {
    throw new Error(`The path ${socketPath} is too long for a Unix socket (${MAX_SOCKET_ADDRESS} bytes at most): use a shorter folder.`);
  }
  return address;
}

/** Listens on `socketPath` until `close()` or the end of the process. */
export async function listenWhileAlive(socketPath: string): Promise<LivenessSocket> {
  const server = net.createServer((connection) => connection.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketAddress(socketPath), resolve);
  });
  server.unref(); // never the reason a command keeps running
  // A socket file outlives its process; only a stop that runs no code at all leaves it behind.
  const removeFile = () => fs.rmSync(socketPath, { force: true });
  process.once('exit', removeFile);
  return {
    path: socketPath,
    close: () => {
      process.off('exit', removeFile);
      server.close();
      removeFile();
    },
  };
}

/**
 * Whether a live process listens on `socketPath`. Only "no such socket" and "nobody listens" count
 * as gone: taking over from an owner that is alive after all would lose its writes.
 */
export function isListening(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect(socketAddress(socketPath));
    connection.once('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.once('error', (error: NodeJS.ErrnoException) => resolve(error.code !== 'ENOENT' && error.code !== 'ECONNREFUSED'));
  });
}
