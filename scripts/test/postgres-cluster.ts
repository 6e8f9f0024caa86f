// A throw-away PostgreSQL cluster on loopback from Debian's packages (as .ci/run starts one), for
// test:cloud and the database-outage test: initdb into a temporary folder, trust authentication,
// no fsync. Run as the postgres user when this process is root, because PostgreSQL refuses to run
// as root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Cluster {
  url: string;
  /** Stops the server and keeps its data, to be started again by `resume` (an outage). */
  pause(): void;
  resume(): void;
  /** Stops the server and deletes the cluster. */
  stop(): void;
}

/** The newest installed PostgreSQL's bin folder, or null when Debian's postgresql is not installed. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | null {
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

function runAsPostgres(command: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  execFileSync(isRoot ? 'runuser' : command, isRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' });
}

export function startCluster(bin: string, port: number): Cluster {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-cloud-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', root]);
  const data = path.join(root, 'data');
  runAsPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off`;
  const start = () =>
    runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(root, 'log'), '-w', '-t', '30', '-o', options, 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
