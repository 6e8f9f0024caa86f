// Child processes for the benchmarks and test:cloud: started with their output kept for the error
// message, stopped by PID (SIGTERM, then SIGKILL), and all stopped together on failure.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const running: ChildProcess[] = [];
const outputs = new WeakMap<ChildProcess, string[]>();

/** What a process started here has written so far (stdout and stderr). */
export const outputOf = (child: ChildProcess): string => outputs.get(child)?.join('') ?? '';

export function startProcess(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): ChildProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  outputs.set(child, output);
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', (code, signal) => {
    if (running.includes(child))
      console.error(`${path.basename(command)} exited early (${signal ?? code}):\n${output.join('').slice(-2000)}`);
  });
  running.push(child);
  return child;
}

/** SIGTERM by PID, SIGKILL after 10 s; resolves when the process is gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  const index = running.indexOf(child);
  if (index >= 0) running.splice(index, 1);
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/** Every process below `pid`, deepest first (wrangler runs workerd as its child). */
function descendantsOf(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  return table.filter(([, parent]) => parent === pid).flatMap(([child]) => [...descendantsOf(child!), child!]);
}

/** A crash: SIGKILL to the process and everything it started, by PID; resolves when it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  const index = running.indexOf(child);
  if (index >= 0) running.splice(index, 1);
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  for (const pid of [...descendantsOf(child.pid), child.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  await gone;
}

/** Every process started here and still running, newest first. */
export async function stopAll(): Promise<void> {
  for (const child of [...running].reverse()) await stopProcess(child).catch(() => {});
}

export async function waitForOk(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the process for ${url} exited`);
    const ok = await fetch(url, { redirect: 'manual' }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Runs a benchmark's `main` so that nothing it started outlives it: `cleanUp` runs when main ends,
 * fails, is interrupted (SIGINT, SIGTERM) or passes `limitMs`, whichever comes first.
 */
export async function runBounded(name: string, limitMs: number, main: () => Promise<void>, cleanUp: () => Promise<void>): Promise<void> {
  setTimeout(() => {
    console.error(`${name}: still running after ${limitMs / 1000} s, stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, limitMs).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    await main();
  } catch (error) {
    // fetch's "fetch failed" says why only in its cause (a reset, a refused connection).
    console.error(error instanceof Error ? error.message : error, ...(error instanceof Error && error.cause ? [error.cause] : []));
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
