// `npm run bench:epub`: EPUB size and build time (median of several runs) for the demo story and
// for a generated 100-chapter story of ~3,000 words a chapter (bench:build's text) with a cover,
// page breaks and images; the longest time the event loop was blocked while a book was built
// (the server builds books in its own process, between requests); epubcheck's verdict on both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoContent } from '#db/seed/index.ts';
import { chapterTextReader, readContentSnapshot } from '#functions/site/snapshot.ts';
import { buildStoryEpub } from '#lib/epub/index.ts';
import { testChapter, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import type { SnapshotStory } from '#lib/snapshot.ts';
import { siteImageReader } from '#scripts/server/epub-files.ts';
import { chapterText } from './catalogue.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { epubcheckCommand, runEpubcheck } from '#scripts/test/epubcheck.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The bench:build catalogue's text (page breaks every 12 paragraphs), with an image in every 10th chapter. */
function generatedChapter(number: number, words: number): string {
  const text = chapterText(words, number);
  return number % 10 === 0 ? `![A corridor of paper lanterns](/images/demo/lantern-corridor.webp)\n\n${text}` : text;
}

function longStory(): SnapshotStory {
  const chapters = Array.from({ length: 100 }, (_, i) => testChapter(i + 1, generatedChapter(i + 1, 3_000)));
  return testStory(chapters, { slug: 'a-hundred-chapters', title: 'A Hundred Chapters', cover: '/images/demo/lantern-fleet-cover.webp' });
}

/** The longest stretch the event loop could not run a 1 ms timer, while `work` ran. */
async function withLongestBlock<T>(work: () => Promise<T>): Promise<{ value: T; blockedMs: number }> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    return { value: await work(), blockedMs: longest };
  } finally {
    clearInterval(probe);
  }
}

const database = await openTestDatabase();
await seedDemoContent(database.db);
const snapshot = await readContentSnapshot(database.db, new Date());
await database.close();
const demo = snapshot.stories.find((story) => story.slug === 'the-lantern-fleet')!;
const readImage = siteImageReader({ publicDir: path.join(projectRoot, 'public'), storage: null });
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-epub-'));
const epubcheck = epubcheckCommand();

try {
  for (const [story, readText] of [
    [demo, chapterTextReader(database.db)],
    [longStory(), textOfTestChapter],
  ] as const) {
    const words = story.chapters.reduce((sum, chapter) => sum + chapter.word_count, 0);
    const times: number[] = [];
    const blocks: number[] = [];
    let book: Uint8Array = new Uint8Array();
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const { value, blockedMs } = await withLongestBlock(() =>
        buildStoryEpub({ story, profile: snapshot.profile, siteOrigin: 'http://localhost:4321', readImage, readText }),
      );
      times.push(performance.now() - started);
      blocks.push(blockedMs);
      book = value;
    }
    const file = path.join(outDir, `${story.slug}.epub`);
    fs.writeFileSync(file, book);
    console.log(
      `${story.title}: ${story.chapters.length} chapters, ~${words.toLocaleString('en-US')} words -> ${(book.length / 1024).toFixed(0)} KiB; ` +
        `build ${median(times).toFixed(0)} ms (median of ${RUNS}; first ${times[0]!.toFixed(0)} ms); longest event-loop block ${median(blocks).toFixed(0)} ms`,
    );
    if (!epubcheck) {
      console.log('  epubcheck: not installed (apt-get install epubcheck)');
      continue;
    }
    const report = await runEpubcheck(epubcheck, file);
    const verdict =
      report.fatals + report.errors + report.warnings === 0
        ? 'no errors or warnings'
        : `${report.fatals} fatals, ${report.errors} errors, ${report.warnings} warnings`;
    console.log(`  epubcheck: ${verdict} (${(report.ms / 1000).toFixed(1)} s)`);
    if (verdict !== 'no errors or warnings') console.log(report.output);
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
