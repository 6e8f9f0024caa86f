// Builds the static site from a content snapshot: writes the snapshot to a file and runs
// `astro build` in a child process (its memory is returned when it exits, and a crash in the
// build cannot take the server down).
//
// The build always happens in a fresh folder inside the project (.site/staging/) and is then
// moved to `outDir`. Astro writes its prerender chunks under the outDir and imports them from
// there, so their bare imports (react, astro) only resolve inside the project. Astro's own guard
// (`getOutDirWithinCwd`) is a string-prefix test: a DATA_DIR beside the project that shares its
// name's prefix (/srv/author-data next to /srv/author) passes it and the build fails with
// "Cannot find package 'react'"; other outside folders all share <project>/.astro/.prerender,
// where two builds at once delete each other's chunks. One staging folder per build avoids both.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readChapterTextsFrom } from '#lib/chapter-texts.ts';
import type { ReadImage } from '#lib/epub/index.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { siteImageReader, writeStoryEpubs } from './epub-files.ts';
import { precompressSite } from './precompress.ts';
import { writeSearchIndex } from './search-index.ts';
import { writeServiceWorker } from './service-worker.ts';
import { writeShareImages } from './share-images.ts';
import { removeAbandonedStaging, stagingOwner } from './staging-owners.ts';

const astroBin = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');

export interface BuildOptions {
  projectRoot: string;
  /** Where the finished site goes; an existing folder there is replaced. */
  outDir: string;
  /** The content index; the texts of its chapters are in `textsDir` (scripts/server/content-files.ts). */
  snapshot: ContentSnapshot;
  textsDir: string;
  siteUrl: string;
  /** Kills the build when aborted (the server is stopping). */
  signal?: AbortSignal | undefined;
  /** The images of the EPUB books; by default only the project's public/ folder (uploads then show their alt text). */
  readImage?: ReadImage | undefined;
}

export async function buildStaticSite({
  projectRoot,
  outDir,
  snapshot,
  textsDir,
  siteUrl,
  signal,
  readImage,
}: BuildOptions): Promise<void> {
  const stagingRoot = path.join(projectRoot, '.site', 'staging');
  await fs.mkdir(stagingRoot, { recursive: true });
  // Named after the process that owns it, so a later build can tell what a killed one left behind.
  const owner = await stagingOwner(stagingRoot);
  const staging = path.join(stagingRoot, `${owner}-${path.basename(outDir)}-${randomUUID().slice(0, 8)}`);
  const snapshotFile = `${staging}.snapshot.json`;
  await removeAbandonedStaging(stagingRoot, owner);
  await fs.writeFile(snapshotFile, JSON.stringify(snapshot));
  try {
    await runAstroBuild(
      projectRoot,
      { CONTENT_SNAPSHOT: snapshotFile, CONTENT_TEXTS: textsDir, SITE_OUT_DIR: staging, SITE_URL: siteUrl },
      signal,
    );
    // Astro removes its prerender chunks after a successful build; never publish them anyway.
    await fs.rm(path.join(staging, '.prerender'), { recursive: true, force: true });
    const images = readImage ?? siteImageReader({ publicDir: path.join(projectRoot, 'public'), storage: null });
    const readText = readChapterTextsFrom(textsDir);
    await writeStoryEpubs(staging, snapshot, siteUrl, images, readText);
    await writeShareImages(staging, snapshot, images);
    await writeSearchIndex(staging, snapshot, readText);
    await writeServiceWorker(staging);
    signal?.throwIfAborted();
    // Compressed once here instead of on every request (static-site.ts serves the copies).
    await precompressSite(staging);
    signal?.throwIfAborted();
    await fs.mkdir(path.dirname(outDir), { recursive: true });
    await replaceDirectory(staging, outDir);
  } finally {
    await Promise.all([fs.rm(staging, { recursive: true, force: true }), fs.rm(snapshotFile, { force: true })]);
  }
}

/**
 * Moves the folder `from` to `to`, replacing what is there. A rename when both are on one
 * filesystem; otherwise a copy into a folder beside `to`, then a rename, so `to` never holds a
 * half-copied site.
 */
export async function replaceDirectory(from: string, to: string): Promise<void> {
  const suffix = randomUUID().slice(0, 8);
  const previous = `${to}.old-${suffix}`;
  const hadPrevious = await fs.rename(to, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await moveDirectory(from, to, `${to}.incoming-${suffix}`);
  } catch (error) {
    if (hadPrevious) await fs.rename(previous, to);
    throw error;
  }
  if (hadPrevious) await fs.rm(previous, { recursive: true, force: true });
}

async function moveDirectory(from: string, to: string, incoming: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    try {
      await fs.cp(from, incoming, { recursive: true });
      await fs.rename(incoming, to);
    } finally {
      await fs.rm(incoming, { recursive: true, force: true });
    }
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
