import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './scripts/test/database-files.ts';

const TEST_FILES = ['functions/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'src/**/*.test.ts'];

export default defineConfig(({ mode }) => ({
  test: {
    // `--mode database`: only the files that open a database, for CI's second backend (decision 0030).
    include: mode === 'database' ? databaseTestFiles(import.meta.dirname, TEST_FILES) : TEST_FILES,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrates one database per run for every file to copy (decision 0030).
    globalSetup: ['scripts/test/database-template.ts'],
    // Each file opens its own database; two cores do not gain from more parallel files.
    maxWorkers: 2,
  },
}));
