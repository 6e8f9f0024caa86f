// End-to-end tests against the real thing: `npm start` on a throw-away data folder, driven in
// Chromium. Browsers are never downloaded here: Debian's Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium) is used when present, Playwright's own browser elsewhere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env['E2E_PORT'] ?? 4399);
const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// A fresh folder per run, so the tests always meet the freshly seeded demo site.
const dataDir = process.env['E2E_DATA_DIR'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-e2e-'));
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One server and one database: tests that change content run one at a time.
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(fs.existsSync(chromiumPath) ? { executablePath: chromiumPath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/author/get`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      REBUILD_DEBOUNCE_MS: '100',
      DATABASE_URL: '',
    },
  },
});
