import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './scripts/test/database-files.ts';
import { testProjects } from './scripts/test/module-sharing.ts';

const TEST_FILES = ['functions/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'src/**/*.test.ts'];
const root = import.meta.dirname;

export default defineConfig(({ mode }) => {
  // `--mode database`: only the files that open a database, for CI's second backend (decision 0030).
  const files = mode === 'database' ? databaseTestFiles(root, TEST_FILES) : fs.globSync(TEST_FILES, { cwd: root });
  return {
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Migrates one database per run for every file to copy (decision 0030).
      globalSetup: ['scripts/test/database-template.ts'],
      // Each file opens its own database; two cores do not gain from more parallel files.
      maxWorkers: 2,
      // worker-mailer's ES module, through vite, so a test can stand in for the Worker-only module it
      // imports (cloudflare:sockets): functions/cloudflare/smtp-transport.test.ts.
      alias: { 'worker-mailer': 'worker-mailer/dist/index.mjs' },
      server: { deps: { inline: ['worker-mailer'] } },
      projects: testProjects(root, files),
    },
  };
});
