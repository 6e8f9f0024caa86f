import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['functions/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrates one database per run for every file to copy (decision 0030).
    globalSetup: ['scripts/test/database-template.ts'],
    // Each file opens its own database; two cores do not gain from more parallel files.
    maxWorkers: 2,
  },
});
