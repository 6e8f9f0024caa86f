// The cloud API tests against a running worker (`npm run test:cloud` starts it and sets CLOUD_BASE_URL).
// Apart from the unit tests' config: these files need the worker and must not run in `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/cloud/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
    testTimeout: 30_000,
    // One worker and one database, and the auth test's logout ends every admin session: the files
    // run one after another.
    fileParallelism: false,
    maxWorkers: 1,
    // Under heavy load (another test suite on the same two cores) local workerd once dropped the
    // connection of a 1.5 s WebAssembly image upload mid-request. A failed test is tried once
    // more; a real fault fails both times.
    retry: 1,
  },
});
