// Starts the Cloudflare worker in workerd through `wrangler dev --local` (no account needed),
// with its bindings passed as --var, and waits for wrangler's "Ready on" line.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess } from '#scripts/bench/processes.ts';

export interface WorkerOptions {
  projectRoot: string;
  /** The wrangler configuration naming the worker and its static assets. */
  config: string;
  port: number;
  inspectorPort: number;
  vars: Record<string, string>;
  readyTimeoutMs: number;
}

export interface RunningWorker {
  child: ChildProcess;
  /** Milliseconds from starting wrangler until it said it was ready. */
  startMs: number;
  /** What wrangler and the worker printed, for failure messages. */
  output(): string;
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  // Local state (caches, KV) in a throw-away folder, never in the project. wrangler dev also
  // watches the worker's sources: an edit during a run reloads the worker (seconds of delay, no harm).
  const persistTo = fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-cloud-wrangler-'));
  const args = [
    path.join(options.projectRoot, 'node_modules/wrangler/bin/wrangler.js'),
    'dev',
    '--config',
    options.config,
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--inspector-port',
    String(options.inspectorPort),
    '--persist-to',
    persistTo,
    // Exposes GET /__scheduled, which runs the worker's scheduled (cron) handler.
    '--test-scheduled',
    '--show-interactive-dev-session=false',
    ...Object.entries(options.vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
  ];
  const started = Date.now();
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', CI: '1' };
  const child = startProcess(process.execPath, args, { cwd: options.projectRoot, env });
  child.once('exit', () => fs.rmSync(persistTo, { recursive: true, force: true }));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`wrangler dev was not ready within ${options.readyTimeoutMs / 1000} s:\n${output.slice(-3000)}`)),
      options.readyTimeoutMs,
    );
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready on http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`wrangler dev exited (${code}):\n${output.slice(-3000)}`));
    });
  });
  return { child, startMs: Date.now() - started, output: () => output };
}
