// The real server (`scripts/start.ts`) in a child process on 127.0.0.1, for the tests that need
// the whole of it: `npm start` as a newcomer runs it (scripts/start.test.ts), a database that
// goes away under it (scripts/server/database-outage.test.ts) and a disk that fills up
// (scripts/server/disk-full.test.ts). The test stops it by its PID.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server with `env` over this process's environment and a free port, through `wrap`
 * when given. The demo-content, site-URL and S3 settings are left at their defaults unless `env`
 * sets them, so a developer's own environment cannot change what a test sees.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  wrap: (command: string[]) => string[] = (command) => command,
): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  for (const name of Object.keys(childEnv)) if (/^(SEED_DEMO_CONTENT|SITE_URL|S3_)/.test(name)) delete childEnv[name];
  // `wrap` may run the server inside another command (which must exec it, keeping the PID).
  const [command, ...args] = wrap([process.execPath, 'scripts/start.ts']);
  const child = spawn(command!, args, { cwd: REPO_ROOT, env: { ...childEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

const running = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

/** Polls `route` until `ready` accepts the answer; fails with the server's output if it exits or the deadline passes. */
export async function waitFor(
  server: ServerProcess,
  route: string,
  ready: (response: Response) => boolean,
  deadline: number,
): Promise<Response> {
  for (;;) {
    if (!running(server)) throw new Error(`the server exited (${server.child.signalCode ?? server.child.exitCode}):\n${server.output()}`);
    const response = await fetch(server.base + route).catch(() => null);
    if (response && ready(response)) return response;
    if (Date.now() > deadline) throw new Error(`no answer from ${route} in time:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops the server by its PID at once (after a test, or when it failed). */
export function killServer(server: ServerProcess | undefined): void {
  if (server && running(server)) server.child.kill('SIGKILL');
}
