// `npm run test:cloud`: the API and the main browser flows in Cloudflare's real runtime, with no
// account. Starts a throw-away PostgreSQL on loopback, the WebSocket proxy the Neon driver needs
// to reach it, an S3-protocol server, migrates and seeds the database, builds the static site from
// it (`npm run build`, as a deployment does), runs the worker in workerd (`wrangler dev --local`),
// then the cloud API tests (tests/cloud/*.test.ts) and the Playwright flows (tests/cloud/*.spec.ts)
// against it, cuts the database off to see a 503 and the recovery, and prints a cold and a warm
// request's time beside the Node server's. Then a worker sending 1,000 emails is killed mid-run
// and started again (scripts/cloud/mail-crash.ts). Last, the project's whole API suite (every test
// file on scripts/test/api.ts) runs again over HTTP against a second worker with an empty database.
// `npm run test:cloud -- FILTER...` runs only that suite, with vitest's file filters.
// Why vitest for the cloud API tests: the same runner, assertions and reports as the unit tests,
// one failing case at a time (the root vitest.config.ts does not include tests/, so `npm test` skips them).
// Everything listens on 127.0.0.1 and is stopped by its PID at the end, on failure and on timeout.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBounded, startProcess, stopAll, stopProcess, waitForOk } from '#scripts/bench/processes.ts';
import { startHookRecorder } from './hook-recorder.ts';
import { medianGet, ms, timeGet } from './latency.ts';
import { checkMailThroughCrash } from './mail-crash.ts';
import { createDatabase } from '#scripts/test/database.ts';
import { E2E_ADMIN } from '#scripts/test/session.ts';
import { startSmtpServer } from '#scripts/test/smtp-server.ts';
import { findPostgresBin, startCluster, type Cluster } from '#scripts/test/postgres-cluster.ts';
import { readS3Config } from '#core/config-values.ts';
import { REMOTE_TARGET_VARIABLE, type RemoteTarget } from '#scripts/test/remote-api.ts';
import { S3_BUCKET, S3_CREDENTIALS, startS3Server } from './s3.ts';
import { type RunningWorker, startWorker } from './wrangler-dev.ts';
import { addFollowedStory, unpublishFollowedStory } from './followed-story.ts';
import { startWsProxy, type WsProxy } from './ws-proxy.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The ports this harness uses (4821-4827, two per API suite worker from 4828, and 4840-4844 for
// mail); the worker's is the one the browser tests use.
const PORT = {
  worker: 4821,
  wsProxy: 4822,
  s3: 4823,
  postgres: 4824,
  node: 4825,
  inspector: 4826,
  hook: 4827,
  suiteWorkers: 4828,
  /** The cloud mail tests' SMTP server (tests/cloud/mail.test.ts starts it; the worker sends to it). */
  smtp: 4840,
  mailCrashWorker: 4841, // and its inspector on 4842
  mailCrashSmtp: 4843,
  suiteSmtp: 4844,
};
/**
 * Workers in workerd for the whole API suite, each with a database and a bucket folder of its own
 * and a vitest worker of its own. One workerd runs a request at a time, so with one the suite left
 * a core idle; two halve its time on two cores.
 */
const API_SUITE_WORKERS = 2;
const ADMIN_PASSWORD = E2E_ADMIN.password; // tests/cloud/client.ts signs in with it
/** The API route whose latency is compared: a database read every reader's page makes. */
const LATENCY_ROUTE = '/api/stories/list?status=published';
/** And one that touches no database (a visitor without a session), to tell the runtime's share from the connection's. */
const NO_DATABASE_ROUTE = { path: '/api/auth/me', status: 401 };
const TIME_LIMIT_MS = 25 * 60_000;
const DATABASE_TARGET = { host: '127.0.0.1', port: PORT.postgres };

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (line: string) => console.log(`--- [${elapsed()}] ${line}`);
const cleanups: (() => unknown)[] = [];

/** Runs a Node script or CLI of the project to its end; fails on a non-zero exit or after `limitMs`. */
async function runNode(args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = () => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL');
  cleanups.push(stop); // stopped with the rest if the run is interrupted
  const timer = setTimeout(stop, limitMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  if (code !== 0)
    throw new Error(`${args.slice(0, 2).join(' ')} failed (${code === null ? `stopped after ${limitMs / 1000} s` : `exit ${code}`})`);
}

async function main(): Promise<void> {
  const pgBin = findPostgresBin();
  if (!pgBin) {
    console.log('test:cloud skipped: PostgreSQL is not installed (Debian: apt-get install postgresql); the run needs a real one.');
    return;
  }
  step('PostgreSQL, the Neon WebSocket proxy, the S3 server and the deploy hook on loopback');
  const cluster: Cluster = startCluster(pgBin, PORT.postgres);
  cleanups.push(() => cluster.stop());
  const proxy = await startWsProxy(PORT.wsProxy, DATABASE_TARGET);
  cleanups.push(() => proxy.close());
  const s3 = await startS3Server(PORT.s3);
  cleanups.push(() => s3.close());
  const hook = await startHookRecorder(PORT.hook);
  cleanups.push(() => hook.close());

  const workerUrl = `http://127.0.0.1:${PORT.worker}`;
  const settings = {
    DATABASE_URL: cluster.url,
    S3_BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    SITE_URL: workerUrl,
    // Every browser test comes from loopback (as in playwright.config.ts).
    RATE_LIMIT_SCALE: '100',
  };
  const cliEnv = { ...process.env, ...settings };

  step('migrations, demo content and the admin account, through the CLI');
  await runNode(['scripts/db-migrate.ts'], cliEnv, 60_000);
  await runNode(['scripts/db-seed.ts'], cliEnv, 60_000);
  await runNode(['scripts/create-admin.ts', '--username', 'admin', '--role', 'admin', '--password', ADMIN_PASSWORD], cliEnv, 60_000);
  await addFollowedStory(cluster.url);

  step('npm run build:cloud (the static site, read from the database, readied for Cloudflare)');
  // The two steps of `npm run build:cloud`, each bounded in time.
  // The worker below sends email, so the pages show the Follow forms.
  await runNode(['scripts/build.ts'], { ...cliEnv, FOLLOW_BY_EMAIL: 'true' }, 180_000);
  await runNode(['scripts/cloudflare-assets.ts'], cliEnv, 30_000);
  await unpublishFollowedStory(cluster.url);

  const filters = process.argv.slice(2);
  if (filters.length === 0) {
    // A copy of the demo content, taken while nothing is connected to it (a template must be idle;
    // so the copy is asked for from another database).
    const crashDatabase = await createDatabase(cluster.url.replace(/\/postgres$/, '/template1'), 'mail_crash', 'postgres');
    await checkMainWorker(settings, cliEnv, proxy, hook.url, hook.controlUrl);
    step('the mail outbox through a crash: workerd killed while sending 1,000 emails, started again');
    await checkMailCrash(crashDatabase, settings, proxy.url);
  } else console.log(`only the API suite, with the vitest filters ${filters.join(' ')}`);

  step('the whole API suite against a worker of its own (vitest, tests/cloud/vitest.api-suite.config.ts)');
  await runApiSuiteInWorker(cluster, proxy.url, settings, filters);
  step('test:cloud passed');
}

/** Without its database the worker must answer 503 with Retry-After, promptly, and recover once it is back. */
async function checkDatabaseOutage(workerUrl: string, proxy: WsProxy): Promise<void> {
  await proxy.close();
  const started = performance.now();
  const down = await fetch(workerUrl + LATENCY_ROUTE);
  const answer = `${down.status} (Retry-After: ${down.headers.get('retry-after')}) ${await down.text()}`;
  if (down.status !== 503 || !down.headers.get('retry-after')) throw new Error(`without its database the worker answered ${answer}`);
  console.log(`without the database: ${answer} after ${ms(performance.now() - started)}`);
  const restarted = await startWsProxy(PORT.wsProxy, DATABASE_TARGET);
  cleanups.push(() => restarted.close());
  const up = await fetch(workerUrl + LATENCY_ROUTE);
  await up.arrayBuffer();
  if (up.status !== 200) throw new Error(`with the database back the worker answered ${up.status}`);
  console.log('with the database back: 200');
}

/**
 * The deployed site's worker on the demo content: the cloud API tests and browser flows, a database
 * outage, and its latency beside the Node server's.
 */
async function checkMainWorker(
  settings: Record<string, string>,
  cliEnv: NodeJS.ProcessEnv,
  proxy: WsProxy,
  hookUrl: string,
  hookControlUrl: string,
): Promise<void> {
  const workerUrl = settings['SITE_URL']!;
  step('wrangler dev --local (workerd)');
  const worker = await startWorker({
    projectRoot,
    config: path.join(projectRoot, 'wrangler.jsonc'),
    port: PORT.worker,
    inspectorPort: PORT.inspector,
    readyTimeoutMs: 90_000,
    vars: {
      ...settings,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DEPLOY_HOOK_URL: hookUrl,
      // Only for this local run: the Neon driver reaches the loopback PostgreSQL through the proxy.
      NEON_WS_PROXY: proxy.url,
      // With a login, as a provider wants one; tests/cloud/mail.test.ts runs the server and reads what arrived.
      SMTP_URL: `smtp://news%40author.example:secret@127.0.0.1:${PORT.smtp}`,
      MAIL_FROM: '"Cloud Tëst" <news@author.example>',
    },
  });
  const cold = await timeGet(workerUrl + LATENCY_ROUTE);
  console.log(`worker ready after ${ms(worker.startMs)}; its first request (${LATENCY_ROUTE}) took ${ms(cold)}`);

  const testEnv = { ...process.env, CLOUD_BASE_URL: workerUrl, CLOUD_HOOK_CONTROL_URL: hookControlUrl, CLOUD_SMTP_PORT: String(PORT.smtp) };
  try {
    step('the cloud API tests against the worker (vitest, tests/cloud/*.test.ts)');
    await runNode(['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/cloud/vitest.config.ts'], testEnv, 300_000);
    step('browser flows against the worker (Playwright, tests/cloud/*.spec.ts)');
    await runNode(['node_modules/@playwright/test/cli.js', 'test', '--config', 'tests/cloud/playwright.config.ts'], testEnv, 300_000);
  } catch (error) {
    console.error(`--- what the worker printed (last 4000 characters):\n${worker.output().slice(-4000)}`);
    throw error;
  }

  step('the database out of reach (its WebSocket proxy stopped), then back');
  await checkDatabaseOutage(workerUrl, proxy);

  step('warm latency: the worker, then the Node server on the same database');
  const workerTimes = await warmLatency(workerUrl);
  await stopProcess(worker.child);
  const nodeTimes = await nodeServerLatency(cliEnv);

  console.log('\nOne PostgreSQL behind both; warm = median of 50 sequential requests after 5 unmeasured:');
  console.log(`  workerd (wrangler dev --local; Neon driver through the WebSocket proxy):`);
  console.log(`    start to ready ${ms(worker.startMs)}; first request ${ms(cold)} (GET ${LATENCY_ROUTE})`);
  console.log(
    `    warm GET ${LATENCY_ROUTE} ${ms(workerTimes.database)}; warm GET ${NO_DATABASE_ROUTE.path} (no database) ${ms(workerTimes.bare)}`,
  );
  console.log(`  Node server (npm start; pg driver, pooled connections):`);
  console.log(
    `    warm GET ${LATENCY_ROUTE} ${ms(nodeTimes.database)}; warm GET ${NO_DATABASE_ROUTE.path} (no database) ${ms(nodeTimes.bare)}`,
  );
}

/** A worker of its own on a copy of the demo content, sending to an SMTP server of its own. */
async function checkMailCrash(databaseUrl: string, settings: Record<string, string>, wsProxyUrl: string): Promise<void> {
  const port = PORT.mailCrashWorker;
  const vars = {
    ...settings,
    DATABASE_URL: databaseUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    NEON_WS_PROXY: wsProxyUrl,
  };
  const config = path.join(projectRoot, 'wrangler.jsonc');
  await checkMailThroughCrash({ projectRoot, config, port, inspectorPort: port + 1, readyTimeoutMs: 90_000, vars }, PORT.mailCrashSmtp);
}

/**
 * The project's API test files, run again over HTTP (scripts/test/remote-api.ts) against a second
 * worker: its own database, emptied before each test, and its own folder of the bucket. Rate limits
 * are the real ones here, as in the in-process run.
 */
async function runApiSuiteInWorker(
  cluster: Cluster,
  wsProxyUrl: string,
  settings: Record<string, string>,
  filters: string[],
): Promise<void> {
  // Migrated once; the other workers' databases are copies of it.
  const firstDatabase = await createDatabase(cluster.url, 'api_suite_1');
  await runNode(['scripts/db-migrate.ts'], { ...process.env, DATABASE_URL: firstDatabase }, 60_000);
  const databases = [firstDatabase];
  for (let n = 2; n <= API_SUITE_WORKERS; n++) databases.push(await createDatabase(cluster.url, `api_suite_${n}`, 'api_suite_1'));
  const { RATE_LIMIT_SCALE: _scale, ...shared } = settings;
  // Email on, as the in-process app of the suite has it (scripts/test/api.ts); what is sent lands here.
  const smtp = await startSmtpServer(PORT.suiteSmtp);
  cleanups.push(() => smtp.close());
  // One after another: each runs the worker's build step (scripts/cloudflare-wasm.mjs), which writes a file.
  const workers: { worker: RunningWorker; target: RemoteTarget }[] = [];
  for (const [index, databaseUrl] of databases.entries()) {
    const port = PORT.suiteWorkers + 2 * index;
    const url = `http://127.0.0.1:${port}`;
    const vars = {
      ...shared,
      DATABASE_URL: databaseUrl,
      SITE_URL: url,
      S3_PREFIX: `api-suite-${index + 1}/`,
      SMTP_URL: `smtp://suite:secret@127.0.0.1:${PORT.suiteSmtp}`,
      MAIL_FROM: '"Test Author" <news@author.example>',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      NEON_WS_PROXY: wsProxyUrl,
    };
    const config = path.join(projectRoot, 'wrangler.jsonc');
    const worker = await startWorker({ projectRoot, config, port, inspectorPort: port + 1, readyTimeoutMs: 90_000, vars });
    workers.push({ worker, target: { url, databaseUrl, sessionSecret: vars.SESSION_SECRET, s3: readS3Config(vars)! } });
  }
  try {
    await runNode(
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/cloud/vitest.api-suite.config.ts', ...filters],
      { ...process.env, [REMOTE_TARGET_VARIABLE]: JSON.stringify(workers.map(({ target }) => target)) },
      15 * 60_000,
    );
  } catch (error) {
    for (const [index, { worker }] of workers.entries())
      console.error(`--- what API suite worker ${index + 1} printed (last 4000 characters):\n${worker.output().slice(-4000)}`);
    throw error;
  } finally {
    await Promise.all(workers.map(({ worker }) => stopProcess(worker.child)));
  }
}

async function warmLatency(baseUrl: string): Promise<{ database: number; bare: number }> {
  return {
    database: await medianGet(baseUrl + LATENCY_ROUTE),
    bare: await medianGet(baseUrl + NO_DATABASE_ROUTE.path, NO_DATABASE_ROUTE.status),
  };
}

/** The Node entry (`npm start`) on the same database and bucket, in a throw-away DATA_DIR. */
async function nodeServerLatency(env: NodeJS.ProcessEnv): Promise<{ database: number; bare: number }> {
  const nodeUrl = `http://127.0.0.1:${PORT.node}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-cloud-node-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = startProcess(process.execPath, ['scripts/start.ts'], {
    cwd: projectRoot,
    env: { ...env, PORT: String(PORT.node), DATA_DIR: dataDir, SITE_URL: nodeUrl, SEED_DEMO_CONTENT: 'false', ADMIN_PASSWORD },
  });
  await waitForOk(`${nodeUrl}/api/author/get`, server, 120_000);
  const times = await warmLatency(nodeUrl);
  await stopProcess(server);
  return times;
}

async function cleanUp(): Promise<void> {
  await stopAll();
  for (const cleanup of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => console.error('cleanup:', error));
}

await runBounded('test:cloud', TIME_LIMIT_MS, main, cleanUp);
