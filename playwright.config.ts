// End-to-end tests against the real thing: `npm start` on a throw-away data folder, driven in
// Chromium. Browsers are never downloaded here: CHROMIUM_PATH, Debian's /usr/bin/chromium, or the
// one packaged in the npm package @sparticuz/chromium (scripts/test/chromium.ts chooses).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from './scripts/test/chromium.ts';
import { E2E_ADMIN } from './scripts/test/session.ts';

const firstPort = Number(process.env['E2E_PORT'] ?? 4399);
const chromium = resolveChromium();
// The config is loaded again in every worker: say it once.
if (chromium.note && !process.env['TEST_WORKER_INDEX']) console.warn(chromium.note);
// A fresh folder per run, so the tests always meet the freshly seeded demo site. Workers inherit
// the variable and reuse the folder; the main process removes it on exit, after the servers stopped.
if (!process.env['E2E_DATA_DIR']) {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-e2e-'));
  process.env['E2E_DATA_DIR'] = fresh;
  process.on('exit', () => fs.rmSync(fresh, { recursive: true, force: true }));
}
const dataDir = process.env['E2E_DATA_DIR'];
export const E2E_ADMIN_PASSWORD = E2E_ADMIN.password;

/**
 * Two sites, each its own server and database, each driven by one worker, so the two halves of the
 * suite run side by side (decision 0040): tests that change content still run one at a time
 * against the site they change. The second site takes the files listed here (the XSS corpus is
 * the longest); every other file, a new one too, runs against the first.
 */
const SECOND_SITE_FILES = [
  'security',
  'moderation',
  'galleries',
  'landing',
  'epub',
  'archive',
  'writing-desk',
  'writing-keeper',
  'form-safety',
].map((name) => `${name}.spec.ts`);
/** The loopback mail server every site sends to (scripts/test/smtp-sink.ts), and its HTTP view for the tests. */
const mailPorts = { smtp: firstPort + 10, http: firstPort + 11 };
export const MAIL_SINK_URL = `http://127.0.0.1:${mailPorts.http}`;
process.env['E2E_MAIL_SINK'] = MAIL_SINK_URL;

const sites = [
  { name: 'chromium', port: firstPort, files: { testIgnore: SECOND_SITE_FILES } },
  { name: 'chromium, second site', port: firstPort + 1, files: { testMatch: SECOND_SITE_FILES } },
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: sites.length,
  // In CI (.ci/run sets CI) a failed test runs once more, and only that run is traced: tracing
  // every test (a screenshot and DOM snapshot at each step) made the suite a quarter slower
  // (decision 0040). Locally every failure keeps its trace.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? 'line' : 'list',
  use: {
    trace: process.env['CI'] ? 'on-first-retry' : 'retain-on-failure',
    // The offline worker answers page and image requests itself, out of reach of page.route and of
    // a test's view of the network; only the offline spec lets it run (decision 0047).
    serviceWorkers: 'block',
    launchOptions: {
      ...(chromium.executablePath ? { executablePath: chromium.executablePath } : {}),
      args: chromium.args,
    },
  },
  projects: sites.map(({ name, port, files }) => ({
    name,
    ...files,
    workers: 1,
    use: { browserName: 'chromium' as const, baseURL: `http://localhost:${port}` },
  })),
  webServer: [
    {
      command: `node scripts/test/smtp-sink.ts ${mailPorts.smtp} ${mailPorts.http}`,
      url: `${MAIL_SINK_URL}/messages`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    ...sites.map(({ port }) => ({
      // Accounts of every role first (the admin's from ADMIN_PASSWORD), while no server holds the database.
      command: 'node scripts/test/e2e-accounts.ts && npm start',
      url: `http://localhost:${port}/api/author/get`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: {
        PORT: String(port),
        DATA_DIR: path.join(dataDir, String(port)),
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        REBUILD_DEBOUNCE_MS: '100',
        // Every browser test comes from loopback: one address for the whole run would soon exhaust
        // the per-address comment limit (5 a minute). The limits themselves have API tests.
        RATE_LIMIT_SCALE: '100',
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${mailPorts.smtp}`,
        MAIL_FROM: 'Ada Quill <news@author.example>',
        // The tests read their email at once; the default (120 a minute) is for real mail providers.
        MAIL_RATE_PER_MINUTE: '6000',
      },
    })),
  ],
});
