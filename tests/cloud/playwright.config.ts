// The main browser flows against the worker that `npm run test:cloud` runs in workerd (it sets
// CLOUD_BASE_URL); no web server of its own. Chromium as in the root playwright.config.ts.
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from '#scripts/test/chromium.ts';

const chromium = resolveChromium();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Outside the project: the shared test-results folder belongs to `npm run test:e2e`.
  outputDir: path.join(os.tmpdir(), 'author-site-cloud-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: process.env['CLOUD_BASE_URL'],
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromium.executablePath ? { executablePath: chromium.executablePath } : {}),
      args: chromium.args,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
