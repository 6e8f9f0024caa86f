// `npm run bench:serve`: requests per second of the Node server (the real `scripts/start.ts` with
// demo content in a throw-away DATA_DIR) on the landing page, plain and compressed, and on the
// cheapest API call; beside it Debian's nginx serving the same published build folder, when
// installed. The pages should be served at least half as fast as nginx does (docs/product.md, Speed and capacity).
// Everything listens on 127.0.0.1; every process started here is stopped by its PID, also on failure.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { NGINX, startNginx } from './nginx.ts';
import { freePort } from '#scripts/test/free-port.ts';
import { runBounded, startProcess, stopAll, waitForOk } from './processes.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = 50;

const LOADS: { route: string; path: string; headers: Record<string, string>; apiOnly?: boolean }[] = [
  { route: 'GET / (identity)', path: '/', headers: {} },
  { route: 'GET / (gzip, br)', path: '/', headers: { 'accept-encoding': 'gzip, br' } },
  { route: 'GET /api/author/get', path: '/api/author/get', headers: {}, apiOnly: true },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-'));

/** One line per load, to check that the compressed load really got a compressed answer (node:http sends only the headers given). */
async function describe(base: string): Promise<void> {
  for (const load of LOADS) {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(base + load.path, { headers: load.headers, agent: false }, resolve).on('error', reject),
    );
    let bytes = 0;
    for await (const chunk of answer) bytes += (chunk as Buffer).length;
    console.log(`  ${load.route}: ${answer.statusCode}, ${answer.headers['content-encoding'] ?? 'identity'}, ${bytes} bytes`);
  }
}

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.errors > 0 || result.non2xx > 0) console.warn(`  ${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function startNode(): Promise<{ base: string; buildDir: string }> {
  const port = await freePort();
  const dataDir = path.join(temp, 'data');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
  };
  const child = startProcess(process.execPath, ['scripts/start.ts'], { cwd: projectRoot, env });
  const base = `http://127.0.0.1:${port}`;
  // The first start seeds the demo content and builds the site before it listens.
  await waitForOk(`${base}/`, child, 240_000);
  const sitesDir = path.join(dataDir, 'site');
  return { base, buildDir: path.join(sitesDir, fs.readFileSync(path.join(sitesDir, 'current'), 'utf8').trim()) };
}

async function main(): Promise<void> {
  const node = await startNode();
  console.log(`node: ${node.base}, serving ${node.buildDir}`);
  await describe(node.base);
  const nginx = fs.existsSync(NGINX) ? (await startNginx(node.buildDir, temp, projectRoot)).base : null;
  if (nginx) {
    console.log(`nginx: ${nginx}, one worker, precompressed files only`);
    await describe(nginx);
  } else console.log('nginx not installed');

  const rates = LOADS.map(() => ({ node: [] as number[], nginx: [] as number[] }));
  for (let run = 1; run <= RUNS; run++) {
    for (const [index, load] of LOADS.entries()) {
      rates[index]!.node.push(await requestsPerSecond(node.base + load.path, load.headers));
      if (nginx && !load.apiOnly) rates[index]!.nginx.push(await requestsPerSecond(nginx + load.path, load.headers));
    }
    console.log(`run ${run} of ${RUNS} done`);
  }

  console.log(`\nrequests per second, ${CONNECTIONS} connections, ${DURATION_S} s each, median of ${RUNS}`);
  console.log('| route | Node req/s | nginx req/s | ratio |\n|---|---:|---:|---:|');
  for (const [index, load] of LOADS.entries()) {
    const nodeRate = median(rates[index]!.node);
    const nginxRate = rates[index]!.nginx.length > 0 ? median(rates[index]!.nginx) : null;
    const ratio = nginxRate ? (nodeRate / nginxRate).toFixed(2) : '-';
    console.log(`| ${load.route} | ${Math.round(nodeRate)} | ${nginxRate ? Math.round(nginxRate) : '-'} | ${ratio} |`);
  }
}

async function cleanUp(): Promise<void> {
  await stopAll();
  fs.rmSync(temp, { recursive: true, force: true });
}

// A hung step must not leave servers behind: the whole run is bounded (start-up + every load).
const limitMs = 300_000 + RUNS * LOADS.length * 2 * (DURATION_S + 5) * 1000;
await runBounded('bench:serve', limitMs, main, cleanUp);
