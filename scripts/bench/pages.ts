// `npm run bench:pages`: the public pages against their budget (docs/product.md, Speed and capacity). Starts the real server
// (`scripts/start.ts`) with demo content in a throw-away DATA_DIR, publishes a chapter of about
// 5,000 words through the API, then runs Lighthouse (mobile defaults, median of BENCH_RUNS,
// default 3) on the landing page, the story list, a story and that chapter, and autocannon
// (50 connections, BENCH_DURATION s, default 10) on the chapter, on the cheapest API call, and on
// Debian's nginx serving the same published folder when installed. Prints one table.
// Budget: 100 in all four categories, LCP <= 1.5 s, CLS < 0.02, a chapter page without its images
// <= 150 KiB and <= 10 requests.
// Everything listens on 127.0.0.1; every process started here is stopped by its PID, also on failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chapterText } from './catalogue.ts';
import { CATEGORIES, measurePageMedian, type PageMeasure } from './lighthouse-run.ts';
import { countPrecompressed, NGINX, startNginx } from './nginx.ts';
import { runBounded, stopAll } from './processes.ts';
import { api, type BenchServer, projectRoot, startSiteServer, waitForPublished } from './site-server.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = 50;
const STORY_SLUG = 'the-lantern-fleet';
// What a browser sends, so both servers may answer with their compressed files.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));

/** Publishes a ~5,000-word chapter after the demo story's last one; resolves once the site is rebuilt with it. */
async function publishLongChapter(server: BenchServer): Promise<string> {
  const { base, cookie } = server;
  const { body: list } = await api<{ stories: { id: number }[] }>(base, `/api/stories/list?slug=${STORY_SLUG}`, { cookie });
  const storyId = list.stories[0]!.id;
  const { body: chapters } = await api<{ chapters: { chapter_number: number }[] }>(base, `/api/chapters/list?story_id=${storyId}`, {
    cookie,
  });
  const number = Math.max(0, ...chapters.chapters.map((chapter) => chapter.chapter_number)) + 1;
  const content = chapterText(5000, 6);
  await api(base, '/api/chapters/create', {
    cookie,
    json: { story_id: storyId, chapter_number: number, title: 'The Long Watch', slug: 'the-long-watch', content, status: 'published' },
  });
  await waitForPublished(server);
  const page = `/storytime/story/${STORY_SLUG}/chapter/${number}/`;
  const answer = await fetch(base + page);
  if (!answer.ok) throw new Error(`${page} is not published (${answer.status})`);
  console.log(`published ${page}: ${content.split(/\s+/).length} words`);
  return page;
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: BROWSER_HEADERS });
  if (result.errors > 0 || result.non2xx > 0) console.warn(`  ${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function encodingOf(url: string): Promise<string> {
  const answer = await fetch(url, { headers: BROWSER_HEADERS });
  await answer.arrayBuffer();
  return answer.headers.get('content-encoding') ?? 'identity';
}

async function main(): Promise<void> {
  const server = await startSiteServer(temp);
  const { base, dataDir } = server;
  const chapterPage = await publishLongChapter(server);
  const sitesDir = path.join(dataDir, 'site');
  const buildDir = path.join(sitesDir, fs.readFileSync(path.join(sitesDir, 'current'), 'utf8').trim());
  const precompressed = countPrecompressed(buildDir);
  console.log(
    `node: ${base}, serving ${buildDir} (${precompressed.files} files, ${precompressed.gz} with .gz, ${precompressed.br} with .br)`,
  );

  const pages = [
    { name: 'landing /', path: '/' },
    { name: 'story list /storytime/', path: '/storytime/' },
    { name: `story /storytime/story/${STORY_SLUG}/`, path: `/storytime/story/${STORY_SLUG}/` },
    { name: 'chapter of 5,000 words', path: chapterPage },
  ];
  const measured: PageMeasure[] = [];
  for (const page of pages) {
    measured.push(await measurePageMedian(base + page.path, RUNS));
  }

  const nginx = fs.existsSync(NGINX) ? await startNginx(buildDir, temp, projectRoot) : null;
  console.log(
    nginx
      ? `nginx: ${nginx.base} (gzip_static${nginx.brotli ? ', brotli_static' : ''}, one worker)`
      : 'nginx: not installed (apt-get install nginx-light)',
  );
  const loads = [
    { name: 'chapter, Node', url: base + chapterPage },
    { name: 'GET /api/author/get, Node', url: `${base}/api/author/get` },
    ...(nginx ? [{ name: 'chapter, nginx', url: nginx.base + chapterPage }] : []),
  ];
  const rates: number[] = [];
  for (const load of loads) {
    rates.push(await requestsPerSecond(load.url));
    console.log(`autocannon ${load.name}: ${Math.round(rates.at(-1)!)} req/s (${await encodingOf(load.url)})`);
  }

  printTable(
    pages.map((page) => page.name),
    measured,
    loads,
    rates,
  );
  for (const [index, page] of pages.entries()) {
    const failing = measured[index]!.failing;
    if (failing.length > 0) console.log(`${page.name}: audits under 0.9 in some run: ${failing.join(', ')}`);
  }
}

function printTable(names: string[], measured: PageMeasure[], loads: { name: string }[], rates: number[]): void {
  const [chapterRate, apiRate, nginxRate] = rates as [number, number, number | undefined];
  const ratio = (value: number, of: number | undefined) => (of ? `${(value / of).toFixed(2)}` : '-');
  console.log(
    `\nLighthouse ${RUNS} runs (median), mobile defaults; autocannon ${CONNECTIONS} connections x ${DURATION_S} s, ${JSON.stringify(BROWSER_HEADERS)}`,
  );
  console.log('| page / route | Perf | A11y | BP | SEO | LCP | CLS | KiB | requests | KiB no img | req. no img | req/s | ratio |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  // "✗" marks a number over the budget; the byte and request budgets are the chapter's.
  const mark = (over: boolean) => (over ? ' ✗' : '');
  for (const [index, name] of names.entries()) {
    const m = measured[index]!;
    const chapter = index === names.length - 1;
    const rate = chapter ? `${Math.round(chapterRate)}` : '';
    const ratios = chapter ? `${ratio(chapterRate, nginxRate)} of nginx, ${ratio(chapterRate, apiRate)} of API` : '';
    console.log(
      `| ${name} | ${CATEGORIES.map((id) => `${m.scores[id]}${mark(m.scores[id] < 100)}`).join(' | ')} | ` +
        `${Math.round(m.lcpMs)} ms${mark(m.lcpMs > 1500)} | ${m.cls.toFixed(3)}${mark(m.cls >= 0.02)} | ${m.kib.toFixed(1)} | ${m.requests} | ` +
        `${m.kibNoImages.toFixed(1)}${mark(chapter && m.kibNoImages > 150)} | ${m.requestsNoImages}${mark(chapter && m.requestsNoImages > 10)} | ${rate} | ${ratios} |`,
    );
  }
  for (const [index, load] of loads.entries()) {
    if (index === 0) continue;
    console.log(`| ${load.name} | | | | | | | | | | | ${Math.round(rates[index]!)} | |`);
  }
  console.log('budget: 100 in each category, LCP <= 1500 ms, CLS < 0.020; the chapter without images <= 150 KiB and <= 10 requests');
}

async function cleanUp(): Promise<void> {
  await stopAll();
  fs.rmSync(temp, { recursive: true, force: true });
}

// A hung step must not leave servers behind: the whole run is bounded (start-up, publish, 4 pages x RUNS Lighthouse runs, 3 loads).
const limitMs = (480 + 4 * RUNS * 90 + 3 * (DURATION_S + 10)) * 1000;
await runBounded('bench:pages', limitMs, main, cleanUp);
