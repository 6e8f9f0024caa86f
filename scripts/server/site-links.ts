// Puts unchanged files into a new site folder without copying their bytes: a hard link shares the
// file with the site being served, so a publish that changes three pages of 30,000 writes three
// pages. Published files are never written to again (a publish writes only into its own new
// folder), so sharing them is safe. Across filesystems, where no link is possible, they are copied.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Links made at once: each is a short system call, and many in flight keep the thread pool busy. */
const PARALLEL = 32;

/** Every file under `dir`, relative to it, leaving out those `skip` names. */
export async function listFiles(dir: string, skip: (relative: string) => boolean = () => false): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !skip(relative));
}

/** Links each of `files` (relative paths) from the folder `from` to the same place in `to`. */
export async function linkFiles(from: string, to: string, files: readonly string[]): Promise<void> {
  const made = new Set<string>();
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const target = path.join(to, file);
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        await fs.mkdir(dir, { recursive: true });
        made.add(dir);
      }
      await fs.link(path.join(from, file), target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
        await fs.copyFile(path.join(from, file), target);
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
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
