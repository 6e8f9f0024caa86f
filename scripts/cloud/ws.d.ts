// The part of the `ws` package (8.x) the cloud harness uses; the project has no @types/ws.
declare module 'ws' {
  import type { EventEmitter } from 'node:events';

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export default class WebSocket extends EventEmitter {
    constructor(address: string);
    send(data: Uint8Array, options?: { binary?: boolean }): void;
    close(): void;
    terminate(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: RawData) => void): this;
    on(event: 'close', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }

  export class WebSocketServer extends EventEmitter {
    constructor(options: { host: string; port: number });
    readonly clients: Set<WebSocket>;
    address(): import('node:net').AddressInfo | string;
    close(callback?: () => void): void;
    on(event: 'connection', listener: (socket: WebSocket) => void): this;
    once(event: 'listening', listener: () => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
  }
}
