// The test files that open a database (database.ts, directly or through a helper): the only ones
// whose outcome depends on the backend, so the only ones CI runs again on the embedded database
// (decision 0030). Read from the import graph at each run, so a new test file is never left out.
import fs from 'node:fs';
import path from 'node:path';

/**
 * What a module loads: `import … from '…'` and `export … from '…'` (not `import type`, which loads
 * nothing), `import '…'` and `import('…')`.
 */
const LOADS = [
  /^\s*(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** `package.json` "imports" (`#core/*` → `./functions/core/*`) as prefix pairs. */
function packageAliases(root: string): [string, string][] {
  const imports: Record<string, unknown> = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};
  return Object.entries(imports).flatMap(([key, value]) => {
    const target = typeof value === 'string' ? value : (value as Record<string, unknown> | null)?.['default'];
    return typeof target === 'string' ? [[key.replace(/\*$/, ''), path.join(root, target.replace(/\*$/, ''))] as [string, string]] : [];
  });
}

/** The project's files that `file` imports (packages left out). */
function importsOf(file: string, aliases: [string, string][]): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, specifier] of LOADS.flatMap((pattern) => [...source.matchAll(pattern)])) {
    const alias = aliases.find(([prefix]) => specifier!.startsWith(prefix));
    const resolved = alias
      ? alias[1] + specifier!.slice(alias[0].length)
      : specifier!.startsWith('.')
        ? path.resolve(path.dirname(file), specifier!)
        : null;
    if (
      resolved &&
      !resolved.includes(`${path.sep}node_modules${path.sep}`) &&
      fs.statSync(resolved, { throwIfNoEntry: false })?.isFile()
    ) {
      found.push(resolved);
    }
  }
  return found;
}

/** Of `testFiles` (relative to `root`), those whose imports lead, at any depth, to `target`. */
export function filesImporting(root: string, testFiles: string[], target: string): string[] {
  const aliases = packageAliases(root);
  const parsed = new Map<string, string[]>();
  const wanted = path.resolve(root, target);
  return testFiles.filter((testFile) => {
    const seen = new Set<string>();
    const pending = [path.resolve(root, testFile)];
    for (let file = pending.pop(); file; file = pending.pop()) {
      if (file === wanted) return true;
      if (seen.has(file)) continue;
      seen.add(file);
      if (!parsed.has(file)) parsed.set(file, importsOf(file, aliases));
      pending.push(...parsed.get(file)!);
    }
    return false;
  });
}

/** The test files among `globs` that open a test database. */
export function databaseTestFiles(root: string, globs: string[]): string[] {
  return filesImporting(root, fs.globSync(globs, { cwd: root }), 'scripts/test/database.ts');
}
