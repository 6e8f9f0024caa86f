// `npm run bench:load`: the load and concurrency test (docs/product.md, Speed and capacity). Starts the real server
// (`scripts/start.ts`) with the demo content in a throw-away DATA_DIR, trusting loopback as its
// proxy, and lets BENCH_VISITORS (default 200) simulated readers loose on it for BENCH_DURATION s
// (default 30): each with its own address (X-Forwarded-For) and visitor cookie, at a human pace,
// reading chapter and gallery pages, listing likes, comments and gallery pages, searching, liking
// and unliking chapters and images, and commenting on both (load-visitor.ts). Then checks that
// every like count equals the likes the readers left, that every accepted comment is stored
// exactly once, and that nothing answered 5xx (load-verify.ts). Prints requests per second,
// p50/p99 latency and errors per kind of request, and the checks; exits non-zero when a check
// fails. Everything listens on 127.0.0.1; every process started here is stopped by its PID.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTargets, readLikeCounts } from './load-targets.ts';
import { LoadStats } from './load-stats.ts';
import { type Check, reportChecks } from './checks.ts';
import { verifyComments, verifyLikes } from './load-verify.ts';
import { Visitor } from './load-visitor.ts';
import { runBounded, stopAll } from './processes.ts';
import { startSiteServer } from './site-server.ts';

const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 30);
const VISITORS = Number(process.env['BENCH_VISITORS'] ?? 200);
/** The first seconds carry the cold start (every reader arriving, the server's first queries); reported apart too. */
const WARM_UP_S = 10;

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));

async function main(): Promise<void> {
  if (!(DURATION_S > 0) || !Number.isInteger(VISITORS) || VISITORS < 1 || VISITORS > 65_536) {
    throw new Error('BENCH_DURATION must be a positive number of seconds and BENCH_VISITORS a whole number from 1 to 65536');
  }
  const server = await startSiteServer(temp, { TRUSTED_PROXIES: 'loopback' });
  const targets = await findTargets(server.base);
  const before = await readLikeCounts(server.base, targets);
  console.log(
    `${VISITORS} readers for ${DURATION_S} s on ${server.base}: ${targets.chapters.length} chapters, ${targets.galleries.length} galleries, ${targets.images.length} images`,
  );

  const stats = new LoadStats();
  const runId = randomBytes(4).toString('hex');
  const visitors = Array.from({ length: VISITORS }, (_, index) => new Visitor(index, server.base, targets, stats, runId));
  const started = performance.now();
  await Promise.all(visitors.map((visitor) => visitor.run(Date.now() + DURATION_S * 1000)));
  // The last actions started before the end and finished after it: rates are over the whole span.
  const seconds = (performance.now() - started) / 1000;

  const checks: Check[] = [
    { name: 'no 5xx answer', pass: stats.total('serverErrors') === 0, detail: `${stats.total('serverErrors')} answers 5xx` },
    {
      name: 'every request answered',
      pass: stats.total('noAnswer') === 0,
      detail: `${stats.total('noAnswer')} timeouts or dropped connections`,
    },
    ...(await verifyLikes(server, targets, visitors, before)),
    ...(await verifyComments(server, targets, visitors, runId)),
  ];

  console.log(`\n${VISITORS} readers, ${seconds.toFixed(1)} s, ${os.cpus().length} CPUs (server and readers on this machine)`);
  console.log(stats.table(seconds));
  if (DURATION_S > 2 * WARM_UP_S) console.log(`after the first ${WARM_UP_S} s: ${stats.latencyAfter(started + WARM_UP_S * 1000)}`);
  const limited = stats.total('tooMany');
  console.log(
    limited === 0
      ? '\nno 429: no reader reached a per-address limit'
      : `\n${limited} answers 429: readers at a human pace reached a per-address limit`,
  );
  reportChecks(checks);
}

async function cleanUp(): Promise<void> {
  await stopAll();
  fs.rmSync(temp, { recursive: true, force: true });
}

// Bounded: start-up with the first build (up to 4 min), the load, its last requests (30 s at most) and the checks.
await runBounded('bench:load', (300 + DURATION_S + 30 + 120) * 1000, main, cleanUp);
