// Which test files share one module graph per vitest worker (`isolate: false`) instead of loading
// the app again for each file (decision 0040). The API's test files keep no state in modules and
// each opens its own database and app, so they share; a file that replaces a module (vi.mock)
// would leak the replacement into the files after it, and the scripts' tests start processes,
// watch signals and time connections, so each of those keeps a graph of its own.
import fs from 'node:fs';
import path from 'node:path';

const mocksModules = (root: string, file: string) => /\bvi\.(?:do)?mock\(/i.test(fs.readFileSync(path.join(root, file), 'utf8'));

const sharesModules = (root: string, file: string) => file.startsWith('functions/') && !mocksModules(root, file);

/** vitest projects for `files` (relative to `root`): one that shares modules, one that isolates each file. */
export function testProjects(root: string, files: string[]) {
  return [
    { extends: true, test: { name: 'shared modules', include: files.filter((file) => sharesModules(root, file)), isolate: false } },
    { extends: true, test: { name: 'isolated', include: files.filter((file) => !sharesModules(root, file)) } },
  ];
}
