// Builds the static site from a content snapshot: writes the snapshot to a file and runs
// `astro build` in a child process (its memory is returned when it exits, and a crash in the
// build cannot take the server down).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ContentSnapshot } from '../../src/lib/snapshot.ts';

const astroBin = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');

export interface BuildOptions {
  projectRoot: string;
  outDir: string;
  snapshot: ContentSnapshot;
  siteUrl: string;
  /** Kills the build when aborted (the server is stopping). */
  signal?: AbortSignal | undefined;
}

export async function buildStaticSite({ projectRoot, outDir, snapshot, siteUrl, signal }: BuildOptions): Promise<void> {
  const snapshotFile = `${outDir}.snapshot.json`;
  await fs.mkdir(path.dirname(outDir), { recursive: true });
  await fs.writeFile(snapshotFile, JSON.stringify(snapshot));
  try {
    await runAstroBuild(projectRoot, { CONTENT_SNAPSHOT: snapshotFile, SITE_OUT_DIR: outDir, SITE_URL: siteUrl }, signal);
  } finally {
    await fs.rm(snapshotFile, { force: true });
  }
}

function runAstroBuild(cwd: string, env: Record<string, string>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--silent'], {
      cwd,
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    const output: string[] = [];
    const keep = (chunk: Buffer) => output.push(chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const tail = output.join('').split('\n').slice(-40).join('\n');
      reject(new Error(`astro build failed (${signal ?? `exit ${code}`}):\n${tail}`));
    });
  });
}
