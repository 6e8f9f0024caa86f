// `connect` of Workers' cloudflare:sockets over node:net, for unit tests of code written for the
// Worker's TCP sockets (vi.mock('cloudflare:sockets', ...)); plain TCP only, no TLS. A connection
// the server closes ends its readable side with an error, so a reader waiting on it fails at once.
import net from 'node:net';

export function connect(address: { hostname: string; port: number }) {
  const socket = net.connect(address.port, address.hostname);
  const opened = new Promise<object>((resolve, reject) => {
    socket.once('connect', () => resolve({}));
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      socket.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      socket.once('close', () => {
        try {
          controller.error(new Error('the connection was closed'));
        } catch {
          // already cancelled by the reader
        }
      });
    },
  });
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => new Promise<void>((resolve, reject) => socket.write(chunk, (error) => (error ? reject(error) : resolve()))),
  });
  opened.catch(() => {}); // the reader of `opened` sees the failure
  return {
    readable,
    writable,
    opened,
    closed,
    close: async () => void socket.destroy(),
    startTls: () => {
      throw new Error('STARTTLS is not available in the test sockets');
    },
  };
}
