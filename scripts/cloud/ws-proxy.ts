// The WebSocket-to-TCP proxy that Neon runs in front of its databases, for a local PostgreSQL:
// the Neon serverless driver speaks the plain Postgres wire protocol inside WebSocket binary
// messages (neonConfig.wsProxy points it here). Only the one configured database is reachable,
// whatever `?address=` the client asks for, so the proxy is no open relay.
import net, { type AddressInfo } from 'node:net';
import { WebSocketServer, type RawData } from 'ws';

export interface WsProxy {
  /** ws://127.0.0.1:PORT/v2: the worker's NEON_WS_PROXY (functions/cloudflare/config.ts). */
  url: string;
  close(): Promise<void>;
}

function toBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

export async function startWsProxy(port: number, target: { host: string; port: number }): Promise<WsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  server.on('connection', (socket) => {
    const database = net.connect(target.port, target.host);
    database.setNoDelay(true);
    // Bytes the client sends before the TCP connection is up are written once it is.
    socket.on('message', (data) => database.write(toBuffer(data)));
    database.on('data', (chunk) => socket.send(chunk, { binary: true }));
    database.on('close', () => socket.close());
    database.on('error', () => socket.terminate());
    socket.on('close', () => database.end());
    socket.on('error', () => database.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${listening}/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
