// One render worker (render-worker.ts) as the server sees it: started with the bundle, asked
// jobs over its IPC channel, each answer matched to its question, and stopped by its PID.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LEAN_MALLOC_ENV } from './lean-memory.ts';
import type { RenderReply, RenderRequest } from './render-protocol.ts';

/** The content index of 10,000 chapters is under 2 MB: room for many times that, and a garbage collector that keeps up. */
const WORKER_HEAP_MB = 160;
/**
 * The young generation's half, in MB. With the heap capped, V8 otherwise picks one so small that
 * a page's Markdown and HTML (a few MB of short-lived strings) are collected as old objects:
 * measured on 10,000 chapter pages, 16 MB renders 2.8 times as many pages a second (140 against
 * 50 on two workers) in less memory (180 MB resident against 250).
 */
const WORKER_SEMI_SPACE_MB = 16;
const workerScript = fileURLToPath(new URL('./render-worker.ts', import.meta.url));

type Pending = { resolve(reply: RenderReply): void; reject(error: Error): void };

export class RenderWorker {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited: Error | null = null;

  private constructor(child: ChildProcess) {
    this.child = child;
    child.on('message', (reply: RenderReply) => {
      if (reply.type === 'ready') return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.type === 'failed') waiting?.reject(new Error(reply.message));
      else waiting?.resolve(reply);
    });
    child.once('exit', (code, signal) => {
      this.exited = new Error(`The render worker stopped (${signal ?? `exit ${code}`}).`);
      for (const waiting of this.pending.values()) waiting.reject(this.exited);
      this.pending.clear();
    });
  }

  /** Starts a worker on `bundleDir`, rendering pages at `origin`; resolves once it takes jobs. */
  static async start(projectRoot: string, bundleDir: string, origin: string, signal?: AbortSignal): Promise<RenderWorker> {
    // A bounded heap: the worker holds one publish's index and a few pages at a time, and
    // collects garbage as it goes instead of growing with every page of a full build.
    const heap = [`--max-old-space-size=${WORKER_HEAP_MB}`, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
    const child = spawn(process.execPath, [...heap, workerScript, bundleDir, origin], {
      cwd: projectRoot,
      // As in Astro's build: React and the other libraries load their production builds.
      env: { ...process.env, ...LEAN_MALLOC_ENV, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(signal ? { signal } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, exitSignal) =>
        reject(new Error(`The render worker stopped while starting (${exitSignal ?? `exit ${code}`}).`)),
      );
      child.on('message', (reply: RenderReply) => {
        if (reply.type === 'ready') resolve();
      });
    });
    child.removeAllListeners('exit');
    child.removeAllListeners('error');
    // Killed by the signal (the server stopping) or failed: the exit that follows settles what waits.
    child.on('error', () => {});
    return new RenderWorker(child);
  }

  get running(): boolean {
    return this.exited === null;
  }

  ask(request: Exclude<RenderRequest, { type: 'stop' }>): Promise<RenderReply> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...request, id });
    });
  }

  /** Lets the worker finish its job and exit; killed after `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (!this.running) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies RenderRequest);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
