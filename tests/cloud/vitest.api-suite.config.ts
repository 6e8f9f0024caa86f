// The project's API test files (every file that uses scripts/test/api.ts's harness) run against
// the worker in workerd: `npm run test:cloud` starts a worker of their own and sets
// API_TEST_REMOTE (scripts/test/remote-api.ts). Unit tests without the harness test no runtime
// and are left out.
import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { testProjects } from '#scripts/test/module-sharing.ts';
import { remoteTargets } from '#scripts/test/remote-api.ts';

const root = new URL('../..', import.meta.url).pathname;
const candidates = fs.globSync(['functions/**/*.test.ts', 'scripts/**/*.test.ts', 'db/**/*.test.ts'], { cwd: root });
const harnessFiles = candidates.filter((file) => fs.readFileSync(new URL(file, `file://${root}`), 'utf8').includes('useApiTestContext()'));

export default defineConfig({
  test: {
    root,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One vitest worker per worker in workerd, each with its own database, emptied before each
    // test: the files of one run one after another.
    maxWorkers: Math.max(1, remoteTargets().length),
    reporters: ['default', './tests/cloud/skip-reasons-reporter.ts'],
    projects: testProjects(root, harnessFiles),
  },
});
