// Which Chromium Playwright drives (playwright.config.ts, so `npm test`, `npm run test:e2e` and
// `npm run screenshots` alike). Playwright cannot download its own browsers here, so: the one at
// CHROMIUM_PATH, else the headless Chromium that the npm package @sparticuz/chromium carries
// inside itself (a devDependency, so `npm install` is enough), else Debian's /usr/bin/chromium.
// The packaged one is a Linux x64 binary; elsewhere (a Mac) Playwright's own browser is used, as
// it can be installed there with `npx playwright install chromium`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for every Chromium we launch, the packaged one too. Its package recommends more
 * (`chromium.args`), made for AWS Lambda: none is needed under Playwright (checked here), and some
 * would change what the tests check (--disable-web-security, --allow-running-insecure-content,
 * site isolation off) or make Playwright's many contexts fragile (--single-process).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type ChromiumChoice = { source: 'path'; path: string } | { source: 'packaged' } | { source: 'playwright' };

export interface ChoiceContext {
  exists(file: string): boolean;
  /** `${process.platform}-${process.arch}` */
  platform: string;
}

/**
 * Which browser to take when CHROMIUM_PATH names none. `packaged` (the tests): the headless
 * Chromium of @sparticuz/chromium first, a headless shell whose version package-lock.json pins and
 * which runs the browser tests about 40% faster than Debian's full browser (decision 0040).
 * `system` (Lighthouse, which measures what a reader's full browser does): Debian's first.
 */
export type ChromiumPreference = 'packaged' | 'system';

/**
 * CHROMIUM_PATH when it exists; otherwise the packaged one and /usr/bin/chromium in the order
 * `preference` gives (a missing CHROMIUM_PATH always means the packaged one), or Playwright's own
 * where neither can run.
 */
export function chooseChromium(
  env: NodeJS.ProcessEnv,
  { exists, platform }: ChoiceContext,
  preference: ChromiumPreference = 'packaged',
): ChromiumChoice {
  const wanted = env['CHROMIUM_PATH'];
  if (wanted && exists(wanted)) return { source: 'path', path: wanted };
  const system = !wanted && exists(SYSTEM_CHROMIUM) ? ({ source: 'path', path: SYSTEM_CHROMIUM } as const) : null;
  if (preference === 'system' && system) return system;
  if (platform === 'linux-x64') return { source: 'packaged' };
  return system ?? { source: 'playwright' };
}

export interface ChromiumLaunch {
  /** Unset: Playwright's own browser. */
  executablePath?: string;
  args: string[];
  /** Said once when the choice may surprise (CHROMIUM_PATH set but missing). */
  note?: string;
}

export function resolveChromium(env: NodeJS.ProcessEnv = process.env, preference: ChromiumPreference = 'packaged'): ChromiumLaunch {
  const choice = chooseChromium(env, { exists: fs.existsSync, platform: `${process.platform}-${process.arch}` }, preference);
  if (choice.source === 'path') return { executablePath: choice.path, args: CHROMIUM_ARGS };
  const executablePath = choice.source === 'packaged' ? unpackPackagedChromium() : undefined;
  const missing = env['CHROMIUM_PATH'];
  const note = missing ? `CHROMIUM_PATH=${missing} does not exist; using ${executablePath ?? "Playwright's own Chromium"}` : undefined;
  return { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS, ...(note ? { note } : {}) };
}

/**
 * The package's `executablePath()` unpacks into os.tmpdir() and trusts any `chromium` already
 * there, whatever its version and even while another process is still writing it. So it runs in
 * a child process with its own TMPDIR, and the finished folder is renamed into a cache named after
 * the package's version: other processes see a complete binary or none. Synchronous, so the
 * Playwright config (loaded again in every worker) needs no top-level await.
 */
function unpackPackagedChromium(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cacheDir = path.join(packageDir, '..', '..', '.cache', `sparticuz-chromium-${version}`);
  const binary = path.join(cacheDir, 'chromium');
  if (fs.existsSync(binary)) return binary;

  fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
  const incoming = fs.mkdtempSync(`${cacheDir}.incoming-`);
  try {
    const script = `const { default: chromium } = await import(${JSON.stringify(pathToFileURL(entry).href)});
process.stdout.write(await chromium.executablePath());`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: incoming },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (result.status !== 0 || result.stdout !== path.join(incoming, 'chromium')) {
      throw new Error(`could not unpack @sparticuz/chromium: ${result.error?.message ?? result.stderr}`);
    }
    try {
      fs.renameSync(incoming, cacheDir);
    } catch (error) {
      // Another process finished first: use its copy.
      if (!fs.existsSync(binary)) throw error;
    }
  } finally {
    fs.rmSync(incoming, { recursive: true, force: true });
  }
  return binary;
}
