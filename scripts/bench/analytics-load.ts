// bench:analytics part 1: the same autocannon load (CONNECTIONS connections for BENCH_DURATION
// seconds) on POST /api/analytics/ingest and on the server's cheapest route, summed up as the
// table prints them.
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { percentile } from './load-stats.ts';
import { VisitStream, type LiveCatalogue } from './analytics-visits.ts';

export const CONNECTIONS = 50;

export interface LoadFigures {
  label: string;
  /** Answers by status code. */
  statuses: Map<number, number>;
  /** Answers with the status the route is meant to give. */
  expected: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Requests sent that got no answer: timeouts, and those on their way when the time was up (the server may have handled them). */
  unanswered: number;
}

function figures(label: string, result: autocannon.Result, expectedStatus: number): LoadFigures {
  const statuses = new Map(Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [Number(status), count ?? 0]));
  const expected = statuses.get(expectedStatus) ?? 0;
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  return {
    label,
    statuses,
    expected,
    perSecond: expected / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    unanswered: result.requests.sent - answered,
  };
}

/** Readers reading at the same time: the connections take turns sending their next events. */
const CONCURRENT_READERS = 200;

/** Readers' events on the ingest route, as streams of visits (analytics-visits.ts), as fast as the server answers: its capacity. */
export async function loadIngest(base: string, catalogue: LiveCatalogue, durationS: number): Promise<LoadFigures> {
  let readers = 0;
  let turn = 0;
  // autocannon clears a connection's context before each request, so readers cannot live there.
  const streams = Array.from({ length: CONCURRENT_READERS }, () => new VisitStream(catalogue, () => readers++));
  const result = await autocannon({
    url: `${base}/api/analytics/ingest`,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { headers, body } = streams[turn++ % streams.length]!.next();
          return {
            ...request,
            method: 'POST',
            body,
            headers: { ...request.headers, 'content-type': 'application/json', origin: base, ...headers },
          };
        },
      },
    ],
  });
  return figures('POST /api/analytics/ingest, flat out', result, 204);
}

/**
 * The session check without a cookie (GET /api/auth/me answers 401 'Not signed in.' before
 * touching the database): the cheapest the API gets, the yardstick for the ingest's cost.
 */
export async function loadCheapestRoute(base: string, durationS: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${base}/api/auth/me`,
    connections: CONNECTIONS,
    duration: durationS,
    headers: { 'user-agent': 'bench:analytics' },
  });
  return figures('GET /api/auth/me, no cookie (401, no database)', result, 401);
}

/**
 * The same events at a steady `rate` a second, spread evenly (one every 1/rate s, sent whether or
 * not earlier ones were answered: an open loop, like readers who do not wait for each other), over
 * CONNECTIONS keep-alive connections. autocannon's own rate limit sends each second's share in a
 * burst at the start of the second, which measures bursts, not a steady load.
 */
export async function paceIngest(base: string, catalogue: LiveCatalogue, durationS: number, rate: number): Promise<LoadFigures> {
  const pool = new Pool(base, { connections: CONNECTIONS });
  let readers = 0;
  const streams = Array.from({ length: CONCURRENT_READERS }, () => new VisitStream(catalogue, () => readers++));
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const { headers, body } = streams[sent % streams.length]!.next();
    sent += 1;
    const started = performance.now();
    const request = pool
      .request({
        path: '/api/analytics/ingest',
        method: 'POST',
        body,
        headers: { ...headers, 'content-type': 'application/json', origin: base },
      })
      .then(async (response) => {
        await response.body.dump();
        latencies.push(performance.now() - started);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const start = performance.now();
  const total = Math.round(rate * durationS);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent < due) send();
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - start) / 1000;
  await pool.close();
  const expected = statuses.get(204) ?? 0;
  latencies.sort((a, b) => a - b);
  return {
    label: `POST /api/analytics/ingest at ${rate.toLocaleString('en')}/s`,
    statuses,
    expected,
    perSecond: expected / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    unanswered: 0,
  };
}
