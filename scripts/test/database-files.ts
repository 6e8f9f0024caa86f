// The test files that open a database (database.ts, directly or through a helper): the only ones
// whose outcome depends on the backend, so the only ones CI runs again on the embedded database
// (decision 0030). Read from the import graph at each run, so a new test file is never left out.
import fs from 'node:fs';
import path from 'node:path';
import { importsOfFile } from '../import-graph.ts';

/** The project's files that `file` loads when it runs (a type-only import loads nothing). */
function loadedBy(root: string, file: string): string[] {
  return importsOfFile(root, file).flatMap((edge) => (edge.typeOnly || !fs.existsSync(path.join(root, edge.to)) ? [] : [edge.to]));
}

/** Of `testFiles` (relative to `root`), those whose imports lead, at any depth, to `target`. */
export function filesImporting(root: string, testFiles: string[], target: string): string[] {
  const parsed = new Map<string, string[]>();
  const wanted = path.posix.normalize(target);
  return testFiles.filter((testFile) => {
    const seen = new Set<string>();
    const pending = [path.posix.normalize(testFile)];
    for (let file = pending.pop(); file; file = pending.pop()) {
      if (file === wanted) return true;
      if (seen.has(file)) continue;
      seen.add(file);
      if (!parsed.has(file)) parsed.set(file, loadedBy(root, file));
      pending.push(...parsed.get(file)!);
    }
    return false;
  });
}

/** The test files among `globs` that open a test database. */
export function databaseTestFiles(root: string, globs: string[]): string[] {
  return filesImporting(root, fs.globSync(globs, { cwd: root }), 'scripts/test/database.ts');
}
