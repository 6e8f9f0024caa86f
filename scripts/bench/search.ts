// `npm run bench:search`: the reader's search on bench:build's catalogue (1,000 published chapters
// of about 3,000 words across 10 stories). Prints the time to write the index from the built
// chapter pages (stood in for by their text, as Astro is not run here), its size on disk,
// and the bytes one search downloads (a reader opening the search and asking once: Pagefind's
// script and worker, its WebAssembly, the index chunks and the excerpts of the 10 results shown);
// medians over BENCH_RUNS. Goal (docs/product.md, Speed and capacity): under 300 KiB per search.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { testChapter, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { emptySocialLinks } from '#lib/socials.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { searchDocument, writeSearchIndex } from '#scripts/server/search-index.ts';
import { openSearch, watchFileReads } from '#scripts/test/pagefind-search.ts';
import { chapterText } from './catalogue.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const CATALOGUE = { stories: 10, chaptersPerStory: 100, wordsPerChapter: 3000 };
const RESULTS_SHOWN = 10;
const BUDGET_KIB = 300;
const QUERIES = ['warship', 'lanterns brother', '"derelict warship"', 'evacuation', 'zeppelin'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** What a file costs on the wire: scripts and JSON go out brotli-compressed (precompress.ts); the index files are compressed already. */
function wireBytes(file: string): number {
  if (!/\.(?:js|json)$/.test(file)) return fs.statSync(file).size;
  return zlib.brotliCompressSync(fs.readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }).length;
}

function folderSize(dir: string): { bytes: number; files: number } {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return { bytes: files.reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0), files: files.length };
}

const snapshot: ContentSnapshot = {
  generatedAt: new Date().toISOString(),
  profile: FALLBACK_PROFILE,
  socials: emptySocialLinks(),
  follow_by_email: false,
  galleries: [],
  stories: Array.from({ length: CATALOGUE.stories }, (_, s) =>
    testStory(
      Array.from({ length: CATALOGUE.chaptersPerStory }, (_, i) =>
        testChapter(i + 1, chapterText(CATALOGUE.wordsPerChapter, (s + 1) * 10_000 + i), { id: s * 1000 + i + 1 }),
      ),
      { id: s + 1, slug: `bench-story-${s + 1}`, title: `Bench Story ${s + 1}`, target_audience: '' },
    ),
  ),
};
const chapters = snapshot.stories.reduce((sum, story) => sum + story.chapters.length, 0);
console.log(`catalogue: ${chapters} chapters of ~${CATALOGUE.wordsPerChapter} words in ${CATALOGUE.stories} stories`);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
try {
  const buildMs: number[] = [];
  let indexDir = '';
  for (let run = 1; run <= RUNS; run++) {
    const siteDir = path.join(root, `site-${run}`);
    // The chapter pages as the build leaves them for the index (their text marked data-pagefind-body), not timed.
    for (const story of snapshot.stories) {
      for (const chapter of story.chapters) {
        const dir = path.join(siteDir, chapterPath(story.slug, chapter.chapter_number));
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'index.html'), searchDocument(story, { ...chapter, ...(await textOfTestChapter(chapter)) }));
      }
    }
    const started = performance.now();
    await writeSearchIndex(siteDir, snapshot, textOfTestChapter);
    buildMs.push(performance.now() - started);
    indexDir = path.join(siteDir, 'pagefind');
    console.log(`run ${run}: index written in ${(buildMs.at(-1)! / 1000).toFixed(2)} s`);
  }
  const size = folderSize(indexDir);
  // The browser runs the search in Pagefind's worker, which Node does not start: count its script too.
  const workerBytes = wireBytes(path.join(indexDir, 'pagefind-worker.js'));

  const perQuery: number[] = [];
  for (const query of QUERIES) {
    const cold: number[] = [];
    const next: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      let bytes = 0;
      const stop = watchFileReads((file) => {
        bytes += wireBytes(file);
      });
      const search = await openSearch(indexDir);
      const hits = await search(query, RESULTS_SHOWN);
      cold.push(bytes + workerBytes + wireBytes(path.join(indexDir, 'pagefind.js')));
      bytes = 0;
      await search('salvage pilot', RESULTS_SHOWN);
      next.push(bytes);
      stop();
      if (run === 1) console.log(`${JSON.stringify(query)}: ${hits.length} results shown`);
    }
    perQuery.push(median(cold));
    console.log(`  first search ${kib(median(cold))}, a next search ${kib(median(next))}`);
  }
  const worst = Math.max(...perQuery);
  console.log(
    `median of ${RUNS}: index build ${(median(buildMs) / 1000).toFixed(2)} s, on disk ${(size.bytes / 1024 / 1024).toFixed(1)} MiB in ` +
      `${size.files} files; one search downloads at most ${kib(worst)} (goal < ${BUDGET_KIB} KiB)${worst > BUDGET_KIB * 1024 ? ' ✗' : ''}`,
  );
  if (worst > BUDGET_KIB * 1024) process.exitCode = 1;
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
