// `npm run bench:analytics`: the analytics budget (docs/product.md, Speed and capacity), on the real Node server
// (`scripts/start.ts`) with the embedded database, everything on 127.0.0.1.
// Part 1, ingest: the demo site in a throw-away DATA_DIR, trusting loopback as its proxy; autocannon
// sends readers' events (analytics-visits.ts: thousands of addresses, real browsers, UUID sessions)
// to POST /api/analytics/ingest with 50 connections for BENCH_DURATION s (default 30) as fast as the
// server answers, then at a steady 1,000 events a second, then flat out to the cheapest route of the same server; after stopping it, the stored events are counted
// against the 204 answers. Part 2, reports: a fresh DATA_DIR with 20 stories of 30 chapters, 20
// galleries and BENCH_EVENTS (default 1,000,000) events over the last 365 days (analytics-year.ts);
// the catch-up rollup of that year is timed, then the real server on it answers every dashboard
// call for 365 and 30 days, timed (analytics-queries.ts). Prints the figures and one table; exits non-zero when a
// budget is missed or a check fails. Every process started here is stopped by its PID.
// Budget: ingest sustains 1,000 events/s with p99 <= 50 ms and no errors; each dashboard call <= 300 ms (p95).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '#db/connect.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { DEFAULT_RETENTION_DAYS, maintainAnalytics } from '#functions/analytics/rollup.ts';
import type { AnalyticsSummary } from '#lib/analytics-report.ts';
import { CONNECTIONS, type LoadFigures, loadCheapestRoute, loadIngest, paceIngest } from './analytics-load.ts';
import { countStoredTotals, type QueryTimes, TIMED_CALLS, timeCall, timeDashboard, totalsMismatches } from './analytics-queries.ts';
import { readCatalogue } from './analytics-visits.ts';
import { insertYearOfEvents, YEAR } from './analytics-year.ts';
import { type Check, reportChecks } from './checks.ts';
import { runBounded, stopAll } from './processes.ts';
import { api, startSiteServer } from './site-server.ts';

const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 30);
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const BUDGET = { eventsPerSecond: 1000, ingestP99Ms: 50, queryMs: 300 };

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
/** Nearest rank: of 20 calls, p95 is the 19th fastest (not the slowest) and the median the 10th. */
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((values.length * p) / 100) - 1)]!;

interface IngestFigures {
  /** At the budget's rate: latency and errors under that load. */
  sustained: LoadFigures;
  /** As fast as the server answers: its capacity, compared with the cheapest route's. */
  flatOut: LoadFigures;
  cheapest: LoadFigures;
  stored: number;
}

async function measureIngest(): Promise<IngestFigures> {
  const dir = path.join(temp, 'ingest');
  const server = await startSiteServer(dir, { TRUSTED_PROXIES: 'loopback' });
  const catalogue = await readCatalogue(server.base);
  console.log(
    `ingest: ${CONNECTIONS} connections for ${DURATION_S} s as fast as it answers, then at ${BUDGET.eventsPerSecond}/s, on ${server.base} (${catalogue.stories.length} stories, ${catalogue.galleries.length} galleries)`,
  );
  // Flat out first: it also warms the server up (JIT, caches), as a site that has been running is.
  const flatOut = await loadIngest(server.base, catalogue, DURATION_S);
  const sustained = await paceIngest(server.base, catalogue, DURATION_S, BUDGET.eventsPerSecond);
  console.log(`cheapest route: the same load on ${server.base}/api/auth/me`);
  const cheapest = await loadCheapestRoute(server.base, DURATION_S);
  await stopAll(); // the embedded database has one owner at a time: count after the server is gone
  const handle = await connectDatabase({ dataDir: server.dataDir });
  try {
    const { count } = await handle.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { sustained, flatOut, cheapest, stored: Number(count) };
  } finally {
    await handle.close();
  }
}

/** Writes the catalogue and the year into a new embedded database, then times its catch-up rollup. */
async function prepareYear(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await connectDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    let started = performance.now();
    await insertYearOfEvents(handle.db, EVENTS);
    console.log(
      `\nreports: ${EVENTS.toLocaleString('en')} events over ${YEAR.days} days written in ${seconds(performance.now() - started)}`,
    );
    const stored = await countStoredTotals(handle.db);
    // The server's upkeep at start (and any first report) on a year never rolled up; timed here,
    // since the server starts it before it answers: no call could be timed against it.
    started = performance.now();
    const { rolledDays, pruned } = await maintainAnalytics(handle.db, new Date(), DEFAULT_RETENTION_DAYS);
    const rollupMs = performance.now() - started;
    console.log(`catch-up rollup: ${rolledDays} finished days rolled up, ${pruned} events pruned, in ${seconds(rollupMs)}`);
    return { stored, rolledDays, rollupMs };
  } finally {
    await handle.close();
  }
}

async function measureReports() {
  const dir = path.join(temp, 'year');
  const { stored, rolledDays, rollupMs } = await prepareYear(path.join(dir, 'data')); // where startSiteServer points the server
  const server = await startSiteServer(dir);
  const firstSummaryMs = await timeCall(server, '/api/admin/analytics/summary?days=365');
  const { body } = await api<{ data: AnalyticsSummary }>(server.base, '/api/admin/analytics/summary?days=365', { cookie: server.cookie });
  const year = await timeDashboard(server, 365);
  const month = await timeDashboard(server, 30);
  await stopAll();
  return { rollupMs, rolledDays, firstSummaryMs, mismatches: totalsMismatches(body.data.summary, stored), year, month };
}

function ingestTable({ sustained, flatOut, cheapest, stored }: IngestFigures): void {
  console.log(`\n| load (${CONNECTIONS} connections) | answers | expected | per s | p50 | p99 | other statuses | errors |`);
  console.log('|---|--:|--:|--:|--:|--:|---|--:|');
  for (const [load, status] of [
    [flatOut, 204],
    [sustained, 204],
    [cheapest, 401],
  ] as const) {
    const answers = [...load.statuses.values()].reduce((a, b) => a + b, 0);
    const other =
      [...load.statuses]
        .filter(([code]) => code !== status)
        .map(([code, count]) => `${count}×${code}`)
        .join(', ') || 'none';
    console.log(
      `| ${load.label} | ${answers} | ${load.expected}×${status} | ${load.perSecond.toFixed(0)} | ${ms(load.p50Ms)} | ${ms(load.p99Ms)} | ${other} | ${load.errors} |`,
    );
  }
  console.log(
    `ratio ingest / cheapest route, both flat out: ${((100 * flatOut.perSecond) / cheapest.perSecond).toFixed(1)}% (${flatOut.perSecond.toFixed(0)} / ${cheapest.perSecond.toFixed(0)} per s)`,
  );
  console.log(
    `stored events: ${stored}; answered 204: ${sustained.expected + flatOut.expected}; sent but unanswered (on their way when the time was up): ${sustained.unanswered + flatOut.unanswered}`,
  );
}

function queryTable(year: QueryTimes[], month: QueryTimes[]): void {
  console.log(
    `\n| dashboard call (${EVENTS.toLocaleString('en')} events, ${TIMED_CALLS} calls) | 365 d median | 365 d p95 | 30 d median | 30 d p95 |`,
  );
  console.log('|---|--:|--:|--:|--:|');
  year.forEach((y, i) => {
    const m = month[i]!;
    const cell = (times: number[]) =>
      `${ms(percentile(times, 50))} | ${ms(percentile(times, 95))}${percentile(times, 95) > BUDGET.queryMs ? ' ✗' : ''}`;
    console.log(`| ${y.query} | ${cell(y.times)} | ${cell(m.times)} |`);
  });
}

async function main(): Promise<void> {
  if (!(DURATION_S > 0) || !Number.isInteger(EVENTS) || EVENTS < 10_000) {
    throw new Error('BENCH_DURATION must be a positive number of seconds and BENCH_EVENTS a whole number of at least 10000');
  }
  const ingest = await measureIngest();
  const { sustained, flatOut, cheapest, stored } = ingest;
  const reports = await measureReports();

  console.log(`\nbench:analytics on ${os.cpus().length} CPUs (server, load and bench on this machine)`);
  ingestTable(ingest);
  queryTable(reports.year, reports.month);
  console.log(
    `catch-up rollup of ${reports.rolledDays} finished days: ${seconds(reports.rollupMs)}; first 365-day summary after the server started: ${ms(reports.firstSummaryMs)}`,
  );

  const slowCalls = [...reports.year.map((q) => ({ ...q, days: 365 })), ...reports.month.map((q) => ({ ...q, days: 30 }))].filter(
    (q) => percentile(q.times, 95) > BUDGET.queryMs,
  );
  const checks: Check[] = [
    {
      // The run takes a little longer than planned while the last answers come in.
      name: `ingest sustains ${BUDGET.eventsPerSecond} events/s`,
      pass: sustained.perSecond >= BUDGET.eventsPerSecond * 0.99,
      detail: `${sustained.perSecond.toFixed(0)} events/s answered 204 at ${BUDGET.eventsPerSecond}/s offered; capacity ${flatOut.perSecond.toFixed(0)}/s`,
    },
    {
      name: `ingest p99 <= ${BUDGET.ingestP99Ms} ms at ${BUDGET.eventsPerSecond}/s`,
      pass: sustained.p99Ms <= BUDGET.ingestP99Ms,
      detail: ms(sustained.p99Ms),
    },
    {
      name: 'ingest: no errors, every answer 204',
      pass: [sustained, flatOut].every((load) => load.errors === 0 && [...load.statuses.keys()].every((code) => code === 204)),
      detail: `${sustained.errors + flatOut.errors} errors`,
    },
    {
      // autocannon stops with a request on each connection unanswered; the server may have stored those.
      name: 'every 204 stored exactly once',
      pass:
        stored >= sustained.expected + flatOut.expected &&
        stored <= sustained.expected + flatOut.expected + sustained.unanswered + flatOut.unanswered,
      detail: `${stored} stored, ${sustained.expected + flatOut.expected} answered 204, ${sustained.unanswered + flatOut.unanswered} sent but unanswered`,
    },
    { name: 'cheapest route: no errors', pass: cheapest.errors === 0, detail: `${cheapest.errors} errors` },
    {
      name: `each dashboard call p95 <= ${BUDGET.queryMs} ms`,
      pass: slowCalls.length === 0,
      detail: `${slowCalls.length} of ${reports.year.length + reports.month.length} over${slowCalls.length ? `: ${slowCalls.map((q) => `${q.query} (${q.days} d)`).join(', ')}` : ''}`,
    },
    {
      name: '365-day summary counts every stored event',
      pass: reports.mismatches.length === 0,
      detail: reports.mismatches.join(', ') || 'views, visitors, story/chapter/gallery views match',
    },
  ];
  reportChecks(checks);
}

async function cleanUp(): Promise<void> {
  await stopAll();
  fs.rmSync(temp, { recursive: true, force: true });
}

// Bounded: two server starts with their first builds (up to 4 min each), two loads, the year (~1 min) and 2 x 12 x 22 calls.
await runBounded('bench:analytics', (2 * 300 + 2 * (DURATION_S + 30) + 180 + 2 * 12 * 22 * 5) * 1000, main, cleanUp);
