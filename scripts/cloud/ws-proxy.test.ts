// The Neon WebSocket proxy against a TCP echo server standing in for PostgreSQL: bytes pass
// both ways unchanged, and the client's `?address=` cannot point it anywhere else.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWsProxy, type WsProxy } from './ws-proxy.ts';

let echo: net.Server;
let proxy: WsProxy;
let connections = 0;

beforeAll(async () => {
  echo = net.createServer((socket) => {
    connections++;
    socket.on('data', (chunk) => socket.write(Buffer.concat([Buffer.from('echo:'), chunk])));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const echoPort = (echo.address() as net.AddressInfo).port;
  // Port 0: the proxy's own port is chosen by the system; the tests read it from proxy.url.
  proxy = await startWsProxy(0, { host: '127.0.0.1', port: echoPort });
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

function exchange(query: string, message: Uint8Array): Promise<Buffer> {
  const socket = new WebSocket(proxy.url + query);
  return new Promise((resolve, reject) => {
    socket.on('open', () => socket.send(message));
    socket.on('message', (data) => {
      resolve(Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer));
      socket.close();
    });
    socket.on('error', reject);
  });
}

describe('the WebSocket-to-TCP proxy', () => {
  it('passes binary messages to the database and its answers back, unchanged', async () => {
    const bytes = new Uint8Array([0, 0, 0, 8, 4, 210, 22, 47, 0xff]); // an SSLRequest, then a stray byte
    expect(await exchange('?address=127.0.0.1:5432', bytes)).toEqual(Buffer.concat([Buffer.from('echo:'), bytes]));
  });

  it('connects only to the configured database, whatever address the client names', async () => {
    const before = connections;
    const answer = await exchange('?address=169.254.169.254:80', new TextEncoder().encode('GET / HTTP/1.0\r\n\r\n'));
    expect(answer.toString()).toBe('echo:GET / HTTP/1.0\r\n\r\n');
    expect(connections).toBe(before + 1);
  });

  it('listens on loopback only', () => {
    expect(proxy.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v2$/);
  });
});
