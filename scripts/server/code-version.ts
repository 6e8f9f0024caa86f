// The version of the code a publish was made with: the render service's bundle (the pages'
// templates, scripts and styles, the public files, the service worker) and the server's own
// publishing code (books, share images, search, sitemap). A site made by other code is not built
// on: the next publish is full (docs/decisions/0051-incremental-publishing.md).
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from './site-links.ts';

/** Where the server-side publishing code lives, relative to the project. */
const SERVER_CODE = ['scripts/server', 'src/lib', 'package-lock.json'];

export async function codeVersion(bundleDirs: readonly string[], projectRoot: string): Promise<string> {
  const hash = createHash('sha256');
  const add = async (root: string, files: string[]) => {
    for (const file of files.sort())
      hash
        .update(file)
        .update('\0')
        .update(await fs.readFile(path.join(root, file)));
  };
  for (const dir of bundleDirs) await add(dir, await listFiles(dir));
  for (const entry of SERVER_CODE) {
    const full = path.join(projectRoot, entry);
    const isDir = (await fs.stat(full)).isDirectory();
    await add(
      projectRoot,
      isDir ? (await listFiles(full, (file) => !file.endsWith('.ts'))).map((file) => path.join(entry, file)) : [entry],
    );
  }
  return hash.digest('base64url').slice(0, 22);
}
