// The repository's own files under some folders, for the checks that read them all (the import
// graph, the citations): generated folders, dependencies and fixtures left out.
import { readdirSync } from 'node:fs';
import { posix } from 'node:path';

const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'fixtures']);

/** Paths (relative to `root`, with /) of the files under `folders` whose names match `names`. */
export function filesUnder(folders: readonly string[], names: RegExp, root = '.'): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(posix.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = posix.join(dir, entry.name);
      if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.') ? [] : walk(file);
      return names.test(entry.name) ? [file] : [];
    });
  return folders.flatMap(walk);
}
