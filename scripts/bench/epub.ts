// `npm run bench:epub`: a story's book as a publish writes it (writeStoryEpub), for the demo story
// and generated stories of 100 and 1,000 chapters of ~3,000 words (bench:build's text) with a
// cover, page breaks and images, their texts read from files as a publish reads them. For each:
// size; time without a page cache, with an empty one and with a full one, and after one chapter's
// edit (medians of BENCH_RUNS); the longest time the event loop was blocked (the server writes books
// in its own process, between requests); this process's peak memory over what it held before, and
// whether a process with a 64 MB JavaScript heap writes the book; whether the three ways gave the
// same bytes; epubcheck's verdict.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoContent } from '#db/seed/index.ts';
import { chapterTextReader, readContentSnapshot } from '#functions/site/snapshot.ts';
import { readChapterTextsFrom } from '#lib/chapter-texts.ts';
import { storyEpubPath } from '#lib/epub/index.ts';
import { testChapter, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import type { ReadChapterText, SnapshotStory } from '#lib/snapshot.ts';
import { writeChapterTextFiles } from '#scripts/server/content-files.ts';
import { siteImageReader, writeStoryEpub } from '#scripts/server/epub-files.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { epubcheckCommand, runEpubcheck } from '#scripts/test/epubcheck.ts';
import { chapterText } from './catalogue.ts';
import { memoryOf } from './peak-rss.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The bench:build catalogue's text (page breaks every 12 paragraphs), with an image in every 10th chapter. */
function generatedChapter(number: number, words: number): string {
  const text = chapterText(words, number);
  return number % 10 === 0 ? `![A corridor of paper lanterns](/images/demo/lantern-corridor.webp)\n\n${text}` : text;
}

/** A generated story whose texts are files in `textsDir`, as the content index and the texts of a publish hold it. */
async function longStory(count: number, slug: string, title: string, textsDir: string): Promise<SnapshotStory> {
  const chapters = Array.from({ length: count }, (_, i) => testChapter(i + 1, generatedChapter(i + 1, 3_000), { id: count * 10 + i }));
  const story = testStory(chapters, { id: count, slug, title, cover: '/images/demo/lantern-fleet-cover.webp' });
  await writeChapterTextFiles(textsDir, [story], textOfTestChapter);
  return { ...story, chapters: chapters.map(({ content: _c, note_before: _b, note_after: _a, ...chapter }) => chapter) };
}

/** The story with its middle chapter saved again (a new version of its text, in `textsDir`). */
async function withOneChapterEdited(
  story: SnapshotStory,
  readText: ReadChapterText,
  textsDir: string,
  edit: number,
): Promise<SnapshotStory> {
  const chapters = [...story.chapters];
  const middle = Math.floor(chapters.length / 2);
  const old = chapters[middle]!;
  const edited = { ...old, updated_at: new Date(Date.parse(old.updated_at) + edit * 1000).toISOString() };
  const text = await readText(old);
  await writeChapterTextFiles(textsDir, [{ ...story, chapters: [edited] }], async () => ({
    ...text,
    content: `${text.content}\n\nEdit ${edit}.`,
  }));
  chapters[middle] = edited;
  return { ...story, chapters };
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

/** This process's resident memory now and its peak since the last reset, in MB (Linux: /proc/self/clear_refs resets the peak). */
const resetPeakMemory = () => fs.writeFileSync('/proc/self/clear_refs', '5');
const memoryMb = () => {
  const memory = memoryOf(process.pid);
  return { rss: (memory?.rss ?? 0) / 1024, peak: (memory?.peak ?? 0) / 1024 };
};

/** The JavaScript heap a child process writes each book in (without a page cache): memory that does not grow with the story. */
const HEAP_LIMIT_MB = 64;

// The child: writes the one book the file BENCH_EPUB_BOOK describes, and stops.
const childBook = process.env['BENCH_EPUB_BOOK'];
if (childBook) {
  const { story, textsDir } = JSON.parse(fs.readFileSync(childBook, 'utf8')) as { story: SnapshotStory; textsDir: string };
  await writeStoryEpub(path.join(path.dirname(childBook), 'limited'), story, {
    profile: FALLBACK_PROFILE,
    siteUrl: 'http://localhost:4321',
    readImage: siteImageReader({ publicDir: path.join(projectRoot, 'public'), storage: null }),
    readText: readChapterTextsFrom(textsDir),
  });
  process.exit(0);
}

/** Whether a child process limited to HEAP_LIMIT_MB writes the story's book. */
function fitsLimitedHeap(story: SnapshotStory, textsDir: string, outDir: string): boolean {
  const file = path.join(outDir, `${story.slug}.json`);
  fs.writeFileSync(file, JSON.stringify({ story, textsDir }));
  const child = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_LIMIT_MB}`, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_EPUB_BOOK: file },
    stdio: 'ignore',
  });
  return child.status === 0;
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-epub-'));
const textsDir = path.join(outDir, 'texts');
const database = await openTestDatabase();
await seedDemoContent(database.db);
const snapshot = await readContentSnapshot(database.db, new Date());
const demo = snapshot.stories.find((story) => story.slug === 'the-lantern-fleet')!;
await writeChapterTextFiles(textsDir, [demo], chapterTextReader(database.db));
await database.close();
const readText = readChapterTextsFrom(textsDir);
const readImage = siteImageReader({ publicDir: path.join(projectRoot, 'public'), storage: null });
const epubcheck = epubcheckCommand();

interface Figures {
  ms: number;
  blockedMs: number;
  peakMb: number;
  book: Buffer;
}

/** Writes the book `runs` times (`before` runs ahead of each: emptying the cache, editing a chapter); the medians and the last book. */
async function measure(story: SnapshotStory, runs: number, cacheDir: string | undefined, before?: (run: number) => Promise<SnapshotStory>) {
  const figures: Figures[] = [];
  for (let run = 0; run < runs; run++) {
    const current = before ? await before(run) : story;
    const siteDir = path.join(outDir, 'site');
    resetPeakMemory();
    const start = memoryMb().rss;
    const started = performance.now();
    const { blockedMs } = await withLongestBlock(() =>
      writeStoryEpub(siteDir, current, { profile: snapshot.profile, siteUrl: 'http://localhost:4321', readImage, readText, cacheDir }),
    );
    const ms = performance.now() - started;
    figures.push({
      ms,
      blockedMs,
      peakMb: memoryMb().peak - start,
      book: fs.readFileSync(path.join(siteDir, ...storyEpubPath(story.slug).split('/'))),
    });
  }
  return {
    ms: median(figures.map((figure) => figure.ms)),
    blockedMs: median(figures.map((figure) => figure.blockedMs)),
    peakMb: Math.max(...figures.map((figure) => figure.peakMb)),
    book: figures.at(-1)!.book,
  };
}

const describe = (label: string, figures: { ms: number; blockedMs: number; peakMb: number }) =>
  `  ${label}: ${figures.ms.toFixed(0)} ms, longest event-loop block ${figures.blockedMs.toFixed(0)} ms, peak memory +${figures.peakMb.toFixed(0)} MB`;

try {
  const stories = [
    demo,
    await longStory(100, 'a-hundred-chapters', 'A Hundred Chapters', textsDir),
    await longStory(1_000, 'a-thousand-chapters', 'A Thousand Chapters', textsDir),
  ];
  console.log(
    `Medians of ${RUNS} runs (3 at most for 1,000 chapters); peak memory over the ${memoryMb().rss.toFixed(0)} MB this process held before.`,
  );
  for (const story of stories) {
    const runs = story.chapters.length > 500 ? Math.min(RUNS, 3) : RUNS;
    const words = story.chapters.reduce((sum, chapter) => sum + chapter.word_count, 0);
    const cacheDir = path.join(outDir, `cache-${story.slug}`);
    const none = await measure(story, runs, undefined);
    const cold = await measure(story, runs, cacheDir, async () => {
      fs.rmSync(cacheDir, { recursive: true, force: true });
      return story;
    });
    const warm = await measure(story, runs, cacheDir);
    const edited = await measure(story, runs, cacheDir, (run) => withOneChapterEdited(story, readText, textsDir, run + 1));
    const same = none.book.equals(cold.book) && none.book.equals(warm.book);
    console.log(
      `${story.title}: ${story.chapters.length} chapters, ~${words.toLocaleString('en-US')} words -> ${(none.book.length / 1024).toFixed(0)} KiB; ` +
        `the same bytes without, with an empty and with a full page cache: ${same ? 'yes' : 'NO'}`,
    );
    console.log(describe('without a page cache', none));
    console.log(describe('empty page cache', cold));
    console.log(describe('full page cache', warm));
    console.log(describe('full page cache, one chapter edited', edited));
    console.log(
      `  written by a process with a ${HEAP_LIMIT_MB} MB JavaScript heap: ${fitsLimitedHeap(story, textsDir, outDir) ? 'yes' : 'NO'}`,
    );
    if (!epubcheck) {
      console.log('  epubcheck: not installed (apt-get install epubcheck)');
      continue;
    }
    const file = path.join(outDir, `${story.slug}.epub`);
    fs.writeFileSync(file, none.book);
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
