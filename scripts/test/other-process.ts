// Another Node process for the ownership tests (db/lock.test.ts, scripts/server/staging-owners.test.ts,
// scripts/server/unclean-stop.test.ts): it calls one exported function of a project module and
// reports when that has finished, so a test can have a lock or a build folder held by a live
// process, or left by one it SIGKILLs, or run in another PID namespace.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function script(module: string, name: string, args: string[], stay: boolean): string {
  const url = pathToFileURL(path.join(REPO_ROOT, module)).href;
  const call = `const m = await import(${JSON.stringify(url)}); await m[${JSON.stringify(name)}](...${JSON.stringify(args)}); console.log('done');`;
  // The listening sockets are unref'd (they never keep a command running): the timer does here.
  return stay ? `${call} setInterval(() => {}, 60_000);` : call;
}

/** A fresh PID namespace, as a container runtime gives; SIGKILL to `unshare` reaches the process in it. */
export const PID_NAMESPACE = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child=SIGKILL'];

/** Whether this machine lets the tests make one (as root, or with user namespaces). */
export function pidNamespacesPermitted(): boolean {
  return spawnSync(PID_NAMESPACE[0]!, [...PID_NAMESPACE.slice(1), 'true']).status === 0;
}

export interface OtherProcess {
  pid: number;
  /** SIGKILL: the process runs no more code, so whatever it held is left behind. */
  kill(): Promise<void>;
}

/** Starts a process that runs `name(...args)` from `module` and then stays alive; resolves once the call is done. */
export function holdInOtherProcess(module: string, name: string, ...args: string[]): Promise<OtherProcess> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script(module, name, args, true)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('done')) return;
      resolve({
        pid: child.pid!,
        kill: () => {
          child.kill('SIGKILL');
          return exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`the other process exited (${code}) before its call was done:\n${output}`)));
  });
}

/** Runs `name(...args)` from `module` in a process started by `launcher` (e.g. `unshare`) and waits for it to end. */
export function runInOtherProcess(
  launcher: string[],
  module: string,
  name: string,
  ...args: string[]
): { status: number | null; output: string } {
  const [command, ...rest] = [...launcher, process.execPath, '--input-type=module', '-e', script(module, name, args, false)];
  const result = spawnSync(command!, rest, { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}
