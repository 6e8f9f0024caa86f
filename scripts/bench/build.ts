// `npm run bench:build`: the full site rebuild on a large catalogue (1,000 published chapters of
// about 3,000 words across 10 stories) in a throw-away data folder. Prints the time of each
// step and the peak memory of the build process; medians over several runs.
// Target (docs/product.md, Speed and capacity): a rebuild under 60 s and under 1.5 GB on a 2-core machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '#db/connect.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { seedDemoContent } from '#db/seed/index.ts';
import { readContentSnapshot } from '#functions/site/snapshot.ts';
import { writeChapterTexts } from '#scripts/server/content-files.ts';
import { buildStaticSite } from '#scripts/server/site-publishing.ts';
import { insertCatalogue } from './catalogue.ts';
import { watchChildMemory } from './peak-rss.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const CATALOGUE = { stories: 10, chaptersPerStory: 100, wordsPerChapter: 3000 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-build-'));
const database = await connectDatabase({ dataDir });
try {
  await migrateToLatest(database.db);
  await seedDemoContent(database.db);
  const started = performance.now();
  const { chapters, words } = await insertCatalogue(database.db, CATALOGUE);
  console.log(
    `catalogue: ${chapters} chapters, ${words.toLocaleString('en-US')} words in ${CATALOGUE.stories} stories (+ the demo story), inserted in ${seconds(performance.now() - started)}`,
  );

  const results: { snapshotMs: number; buildMs: number; processPeakMb: number; treePeakMb: number; pages: number; snapshotMb: number }[] =
    [];
  for (let run = 1; run <= RUNS; run++) {
    const outDir = path.join(dataDir, 'site', `build-${run}`);
    const t0 = performance.now();
    const snapshot = await readContentSnapshot(database.db, new Date());
    const t1 = performance.now();
    const memory = watchChildMemory();
    const textsDir = path.join(dataDir, 'texts');
    await writeChapterTexts(database.db, textsDir, snapshot);
    await buildStaticSite({ projectRoot, outDir, snapshot, textsDir, siteUrl: 'http://localhost:4321' });
    const t2 = performance.now();
    const pages = fs.readdirSync(outDir, { recursive: true }).filter((file) => String(file).endsWith('.html')).length;
    results.push({
      snapshotMs: t1 - t0,
      buildMs: t2 - t1,
      ...memory.stop(),
      pages,
      snapshotMb: JSON.stringify(snapshot).length / 1024 / 1024,
    });
    const last = results.at(-1)!;
    console.log(
      `run ${run}: snapshot ${seconds(last.snapshotMs)} (${last.snapshotMb.toFixed(1)} MB), astro build ${seconds(last.buildMs)}, ` +
        `${pages} HTML pages, peak RSS ${last.processPeakMb.toFixed(0)} MB (build process), ${last.treePeakMb.toFixed(0)} MB (all children)`,
    );
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const total = results.map((r) => r.snapshotMs + r.buildMs);
  console.log(
    `median of ${RUNS}: full rebuild ${seconds(median(total))} (target < 60 s), ` +
      `peak RSS of the build process ${median(results.map((r) => r.processPeakMb)).toFixed(0)} MB (target < 1536 MB)`,
  );
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
