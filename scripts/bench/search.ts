// `npm run bench:search`: the reader's search on a catalogue of 10,000 published chapters of about
// 3,000 words in 10 stories (BENCH_CHAPTERS sets the total). Prints the time to write one part of
// the index (docs/product.md, The search index in parts) of 250, 500 and 1,000 chapters, the
// listing, and the whole index, from the built chapter pages (stood in for by their text, as Astro
// is not run here); then, for a reader opening the search and asking once across every part:
// the files read, the bytes downloaded (Pagefind's script and worker, its WebAssembly, each part's
// entry and meta, the index chunks and the excerpts of the 10 results shown) and the time; a next
// search likewise. Medians over BENCH_RUNS; printed, not asserted (docs/product.md, Speed and capacity).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { testBodies, testChapter, testStory } from '#lib/epub/test-story.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { SEARCH_INDEX_PATH } from '#lib/search-scope.ts';
import type { SnapshotStory } from '#lib/snapshot.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import { emptySocialLinks } from '#lib/socials.ts';
import {
  PART_SIZE,
  searchDocument,
  searchParts,
  writeSearchIndex,
  writeSearchListing,
  writeSearchPart,
} from '#scripts/server/search-index.ts';
import { openSearch, watchFileReads } from '#scripts/test/pagefind-search.ts';
import { chapterText } from './catalogue.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const STORIES = 10;
const CHAPTERS = Number(process.env['BENCH_CHAPTERS'] ?? 10_000);
const WORDS_PER_CHAPTER = 3000;
const PART_SIZES = [250, 500, 1000];
const RESULTS_SHOWN = 10;
const QUERIES = ['warship', 'lanterns brother', '"derelict warship"', 'evacuation', 'zeppelin'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * CPU seconds of this process and of its children (the Pagefind service) from /proc, where there is
 * one: on a busy machine a part's wall time is mostly waiting for a core.
 */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let seconds = (own.user + own.system) / 1e6;
  if (!fs.existsSync('/proc/self/stat')) return seconds;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // After the command's ")": state, parent, ... user and system time in ticks of 1/100 s.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === process.pid) seconds += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return seconds;
}

/** What a file costs on the wire: scripts and JSON go out brotli-compressed (precompress.ts); the index files are compressed already. */
const wireCache = new Map<string, number>();
function wireBytes(file: string): number {
  if (!/\.(?:js|json)$/.test(file)) return fs.statSync(file).size;
  if (!wireCache.has(file)) {
    const compressed = zlib.brotliCompressSync(fs.readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } });
    wireCache.set(file, compressed.length);
  }
  return wireCache.get(file)!;
}

function folderSize(dir: string): { bytes: number; files: number } {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return { bytes: files.reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0), files: files.length };
}

const perStory = Math.ceil(CHAPTERS / STORIES);
const stories: SnapshotStory[] = Array.from({ length: STORIES }, (_, s) =>
  testStory(
    Array.from({ length: perStory }, (_, i) =>
      testChapter(i + 1, chapterText(WORDS_PER_CHAPTER, (s + 1) * 10_000 + i), { id: s * perStory + i + 1 }),
    ),
    { id: s + 1, slug: `bench-story-${s + 1}`, title: `Bench Story ${s + 1}`, target_audience: '' },
  ),
);
console.log(`catalogue: ${STORIES * perStory} chapters of ~${WORDS_PER_CHAPTER} words in ${STORIES} stories; parts of ${PART_SIZE}`);

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
try {
  // The chapter pages as the build leaves them for the index (their text marked data-pagefind-body), not timed.
  for (const story of stories) {
    for (const chapter of story.chapters) {
      const dir = path.join(siteDir, chapterPath(story.slug, chapter.chapter_number));
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'index.html'), searchDocument(story, chapter, await testBodies(chapter, story.breakImage)));
    }
  }

  // One part, as a publish that changed one chapter writes it.
  const story = stories[0]!;
  for (const size of PART_SIZES.filter((size) => size <= story.chapters.length)) {
    const part = {
      key: `bench-${size}`,
      dir: `${SEARCH_INDEX_PATH}parts/bench-${size}`,
      adult: false,
      story,
      chapters: story.chapters.slice(0, size),
    };
    const times: number[] = [];
    const cpu: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const cpuBefore = cpuSeconds();
      times.push(await timed(() => writeSearchPart(siteDir, part, testBodies)));
      cpu.push(cpuSeconds() - cpuBefore);
    }
    console.log(`one part of ${size} chapters written in ${seconds(median(times))} (${median(cpu).toFixed(2)} s of CPU)`);
  }

  const parts = searchParts(stories);
  const listingMs = await timed(() => writeSearchListing(siteDir, parts));
  console.log(`the listings and the search's script written in ${seconds(listingMs)}`);
  const fullMs = await timed(() => writeSearchIndex(siteDir, { ...emptySnapshot(), stories }, testBodies));
  const size = folderSize(path.join(siteDir, SEARCH_INDEX_PATH));
  console.log(
    `whole index of ${STORIES * perStory} chapters (${parts.length} parts) written in ${seconds(fullMs)}; ` +
      `on disk ${(size.bytes / 1024 / 1024).toFixed(1)} MiB in ${size.files} files`,
  );

  // The browser runs the search in Pagefind's worker, which Node does not start: count its script too.
  const runtime = ['pagefind.js', 'pagefind-worker.js'].reduce(
    (sum, file) => sum + wireBytes(path.join(siteDir, SEARCH_INDEX_PATH, file)),
    0,
  );
  type Cost = { files: number; bytes: number; ms: number };
  const pick = (list: Cost[]): Cost => ({
    files: median(list.map((cost) => cost.files)),
    bytes: median(list.map((cost) => cost.bytes)),
    ms: median(list.map((cost) => cost.ms)),
  });
  let worstFirst: Cost = { files: 0, bytes: 0, ms: 0 };
  for (const query of QUERIES) {
    const first: Cost[] = [];
    const next: Cost[] = [];
    for (let run = 1; run <= RUNS; run++) {
      let reads = { files: 0, bytes: 0 };
      const stop = watchFileReads((file) => {
        reads = { files: reads.files + 1, bytes: reads.bytes + wireBytes(file) };
      });
      let search: Awaited<ReturnType<typeof openSearch>> | undefined;
      let hits = 0;
      const firstMs = await timed(async () => {
        search = await openSearch(siteDir);
        hits = (await search(query, RESULTS_SHOWN)).length;
      });
      // pagefind.js, its worker and its WebAssembly (the last read above already).
      first.push({ files: reads.files + 2, bytes: reads.bytes + runtime, ms: firstMs });
      reads = { files: 0, bytes: 0 };
      const nextMs = await timed(() => search!('salvage pilot', RESULTS_SHOWN));
      next.push({ ...reads, ms: nextMs });
      stop();
      if (run === 1) console.log(`${JSON.stringify(query)}: ${hits} results shown`);
    }
    const [a, b] = [pick(first), pick(next)];
    console.log(
      `  first search ${a.files} files, ${kib(a.bytes)}, ${a.ms.toFixed(0)} ms; a next search ${b.files} files, ${kib(b.bytes)}, ${b.ms.toFixed(0)} ms`,
    );
    if (a.bytes > worstFirst.bytes) worstFirst = a;
  }
  console.log(
    `median of ${RUNS}: a query across all ${parts.length} parts reads at most ${worstFirst.files} files, ` +
      `${kib(worstFirst.bytes)}, in ${worstFirst.ms.toFixed(0)} ms (in Node, from disk); ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
} finally {
  fs.rmSync(siteDir, { recursive: true, force: true });
}

function emptySnapshot() {
  return {
    generatedAt: new Date().toISOString(),
    profile: FALLBACK_PROFILE,
    socials: emptySocialLinks(),
    follow_by_email: false,
    galleries: [],
  };
}
