// `npm run bench:publish`: how long a change takes to reach readers on the real server, at several
// catalogue sizes (BENCH_SIZES published chapters, default 1000,3000,10000: 10 stories of ~3,000-word
// chapters, as bench:build's). For each size: a throw-away DATA_DIR filled from here, the first start
// of `scripts/start.ts` (a full build) timed, then two modes side by side: "incremental" (the server
// as it is) and "full (today)" (PUBLISH_MODE=full: every publish a full rebuild). In each mode: chapter
// edits served (10, or BENCH_FULL_EDITS in full mode, default 2), a new chapter at the end of a story
// with its story page, feeds, sitemap and EPUB, a profile change, and the peak memory of the server
// and its builds (over the mode and over each step), each figure with the server's own log lines of
// the publishes it caused. Prints the figures beside the budgets of docs/product.md (Speed and
// capacity); asserts nothing.
// Everything listens on 127.0.0.1; every process started here is stopped by its PID, also on failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '#db/connect.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { seedDemoContent } from '#db/seed/index.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { readConfig } from '#scripts/config.ts';
import { insertCatalogue } from './catalogue.ts';
import { watchChildMemory } from './peak-rss.ts';
import { findStory, timeEdit, timeNewChapter, timeProfileChange } from './publish-measures.ts';
import { runBounded, stopAll } from './processes.ts';
import { type BenchServer, startSiteServer, waitForPublished } from './site-server.ts';

type MemoryWatch = ReturnType<typeof watchChildMemory>;

const SIZES = (process.env['BENCH_SIZES'] ?? '1000,3000,10000').split(',').map(Number);
const FULL_EDITS = Number(process.env['BENCH_FULL_EDITS'] ?? 2);
const INCREMENTAL_EDITS = 10;
const STORIES = 10;
/** Ceiling of any one wait (a full build at 10,000 chapters takes minutes on 2 cores). */
const LIMIT_MS = Number(process.env['BENCH_WAIT_LIMIT_S'] ?? 1800) * 1000;
/** The server's own debounce unless BENCH_DEBOUNCE_MS says otherwise: readers wait for it too. */
const DEBOUNCE_MS = process.env['BENCH_DEBOUNCE_MS'] ?? String(readConfig({}).rebuildDebounceMs);
const BUDGET = { editS: 3, newChapterS: 5, profileS: 150, peak: '1.2 GB' };
/**
 * How often the memory is sampled. Reading a process's proportional memory walks its page tables:
 * every 100 ms it took a fifth of a core from the server being measured.
 */
const SAMPLE_MS = 250;

const MODES = [
  { name: 'incremental', env: {}, edits: INCREMENTAL_EDITS },
  { name: 'full (today)', env: { PUBLISH_MODE: 'full' }, edits: FULL_EDITS },
] as const;

interface ModeFigures {
  edits: number[];
  newChapterMs: number;
  newChapterLast: string;
  profileMs: number;
  treePeakMb: number;
  treePeakPssMb: number;
  processPeakMb: number;
}
interface SizeFigures {
  size: number;
  words: number;
  firstStartMs: number;
  firstStartPeak: { pss: number; rss: number };
  modes: ModeFigures[];
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'));
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

/** The catalogue and the demo content in a fresh embedded database, closed before the server opens it. */
async function fillDatabase(dataDir: string, size: number): Promise<number> {
  fs.mkdirSync(dataDir, { recursive: true });
  const database = await connectDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    await seedDemoContent(database.db);
    const { words } = await insertCatalogue(database.db, { stories: STORIES, chaptersPerStory: size / STORIES, wordsPerChapter: 3000 });
    return words;
  } finally {
    await database.close();
  }
}

/**
 * One measurement, printed with the server's own account of the publishes it caused (from its
 * log); resolves once the server is idle again, so the next one starts from a quiet server.
 */
async function step<T>(
  server: BenchServer,
  memory: MemoryWatch,
  label: string,
  measure: () => Promise<T>,
  describe: (figure: T) => string,
): Promise<T> {
  const logFrom = server.log().length;
  memory.phase();
  const figure = await measure();
  await waitForPublished(server, LIMIT_MS);
  const peak = memory.phase();
  const publishes = server
    .log()
    .slice(logFrom)
    .split('\n')
    .filter((line) => line.includes('] site: ') && !line.includes('] site: building'));
  console.log([`  ${label}: ${describe(figure)}, peak ${mb(peak)}`, ...publishes.map((line) => `    server ${line}`)].join('\n'));
  return figure;
}

/** One mode's measurements on a started, idle server; `index` picks chapters no other mode touched. */
async function measureMode(
  server: BenchServer,
  memory: MemoryWatch,
  size: number,
  index: number,
  edits: number,
): Promise<Omit<ModeFigures, 'treePeakMb' | 'treePeakPssMb' | 'processPeakMb'>> {
  const perStory = size / STORIES;
  const stories = await Promise.all(Array.from({ length: STORIES }, (_, i) => findStory(server, `bench-story-${i + 1}`)));
  const editTimes: number[] = [];
  for (let edit = 0; edit < edits; edit++) {
    // Chapters from the middle of the stories, one story after another; each mode its own.
    const number = Math.floor(perStory / 2) + index * Math.ceil(INCREMENTAL_EDITS / STORIES) + Math.floor(edit / STORIES);
    const label = `edit ${edit + 1}/${edits} (story ${(edit % STORIES) + 1}, chapter ${number})`;
    editTimes.push(await step(server, memory, label, () => timeEdit(server, stories[edit % STORIES]!, number, LIMIT_MS), s));
  }
  const released = await step(
    server,
    memory,
    `new chapter ${perStory + 1} of story ${index + 1}`,
    () => timeNewChapter(server, stories[index]!, perStory + 1, LIMIT_MS),
    ({ ms, last }) => `${s(ms)} (last served: ${last})`,
  );
  const profileMs = await step(
    server,
    memory,
    'profile change',
    () => timeProfileChange(server, `${chapterPath(stories[0]!.slug, 1)}/`, LIMIT_MS),
    s,
  );
  return { edits: editTimes, newChapterMs: released.ms, newChapterLast: released.last, profileMs };
}

async function measureSize(size: number): Promise<SizeFigures> {
  if (!Number.isInteger(size / STORIES) || size < 2 * STORIES)
    throw new Error(`BENCH_SIZES: ${size} is not a multiple of ${STORIES} from ${2 * STORIES}`);
  const dir = path.join(temp, String(size));
  const words = await fillDatabase(path.join(dir, 'data'), size); // where startSiteServer points the server
  console.log(`\n${size} chapters (${(words / 1e6).toFixed(1)} M words) in ${STORIES} stories, plus the demo content`);
  const env = { ADMIN_PASSWORD: 'bench-publish-admin', REBUILD_DEBOUNCE_MS: DEBOUNCE_MS };
  const modes: ModeFigures[] = [];
  let firstStartMs = 0;
  let firstStartPeak = { pss: 0, rss: 0 };
  for (const [index, mode] of MODES.entries()) {
    // The server is this process's only child: its tree is the server and its builds.
    let memory = watchChildMemory(SAMPLE_MS);
    const started = performance.now();
    const server = await startSiteServer(dir, { ...env, ...mode.env }, LIMIT_MS);
    if (index === 0) {
      firstStartMs = performance.now() - started;
      const peak = memory.stop();
      firstStartPeak = { pss: peak.treePeakPssMb, rss: peak.treePeakMb };
      console.log(`first start (full build): ${s(firstStartMs)}, peak ${mb(firstStartPeak.pss)} (RSS summed ${mb(firstStartPeak.rss)})`);
      memory = watchChildMemory(SAMPLE_MS);
    }
    // A restart serves the site it had and republishes in the background: measured once that is done.
    await waitForPublished(server, LIMIT_MS);
    console.log(`${mode.name}:`);
    const figures = await measureMode(server, memory, size, index, mode.edits);
    modes.push({ ...figures, ...memory.stop() });
    await stopAll();
  }
  const result = { size, words, firstStartMs, firstStartPeak, modes };
  printSize(result);
  fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

function printSize({ size, modes }: SizeFigures): void {
  const rows: [string, (m: ModeFigures) => string, string][] = [
    ['edit served, median', (m) => `${s(median(m.edits))} (${m.edits.length} edits)`, `< ${BUDGET.editS} s`],
    ['edit served, slowest', (m) => s(Math.max(...m.edits)), `< ${BUDGET.editS} s`],
    [
      'new chapter: page, story, feeds, sitemap, EPUB',
      (m) => `${s(m.newChapterMs)} (last: ${m.newChapterLast})`,
      `< ${BUDGET.newChapterS} s`,
    ],
    ['profile change on every page', (m) => s(m.profileMs), `< ${BUDGET.profileS} s`],
    ['peak memory, server + builds (PSS: shared pages once)', (m) => mb(m.treePeakPssMb), `< ${BUDGET.peak}`],
    ['peak RSS summed (shared pages in each process)', (m) => mb(m.treePeakMb), ''],
    ['largest single process', (m) => mb(m.processPeakMb), ''],
  ];
  console.log(`\n${size} chapters, debounce ${DEBOUNCE_MS} ms`);
  console.log(`| figure | ${MODES.map((mode) => mode.name).join(' | ')} | budget |`);
  console.log(`|---|${MODES.map(() => '---').join('|')}|---|`);
  for (const [name, value, budget] of rows) console.log(`| ${name} | ${modes.map(value).join(' | ')} | ${budget} |`);
}

function printSummary(results: SizeFigures[]): void {
  const pair = (result: SizeFigures, value: (m: ModeFigures) => string) => result.modes.map(value).join(' / ');
  console.log(`\nSummary (incremental / full today), debounce ${DEBOUNCE_MS} ms`);
  console.log(
    `| chapters | words | first start | edit median (< ${BUDGET.editS} s) | edit slowest | new chapter (< ${BUDGET.newChapterS} s) | ` +
      `profile (< ${BUDGET.profileS} s) | peak server + builds, PSS (< ${BUDGET.peak}) |`,
  );
  console.log('|---:|---:|---:|---|---|---|---|---|');
  for (const result of results) {
    const cells = [
      result.size.toLocaleString('en-US'),
      `${(result.words / 1e6).toFixed(1)} M`,
      `${s(result.firstStartMs)}, ${mb(result.firstStartPeak.pss)}`,
      pair(result, (m) => s(median(m.edits))),
      pair(result, (m) => s(Math.max(...m.edits))),
      pair(result, (m) => s(m.newChapterMs)),
      pair(result, (m) => s(m.profileMs)),
      pair(result, (m) => mb(m.treePeakPssMb)),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

async function main(): Promise<void> {
  const results: SizeFigures[] = [];
  for (const size of SIZES) results.push(await measureSize(size));
  printSummary(results);
}

await runBounded('bench:publish', 6 * 3600_000, main, async () => {
  await stopAll();
  fs.rmSync(temp, { recursive: true, force: true });
});
