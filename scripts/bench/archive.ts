// `npm run bench:archive`: export and import of the bench:build catalogue (1,000 chapters of
// about 3,000 words in 10 stories, plus the demo site), with the embedded database and the local
// upload folder as `npm start` uses them. Times are medians of BENCH_RUNS runs (default 3); each
// import goes into a fresh database and folder, and the result is checked identical.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '#db/connect.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { seedDemoContent } from '#db/seed/index.ts';
import { importArchive } from '#functions/archive/import.ts';
import { exportArchive, snapshotSite } from '#functions/archive/test-kit.ts';
import type { Storage } from '#core/storage.ts';
import { pngBytes } from '#functions/images/test-kit.ts';
import { LocalFolderStorage } from '#scripts/server/local-storage.ts';
import { insertCatalogue } from './catalogue.ts';
import { type Check, reportChecks } from './checks.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const CATALOGUE = { stories: 10, chaptersPerStory: 100, wordsPerChapter: 3000 };
const UPLOADS = 50; // covers of 800 x 1200, so the archive carries files as well as rows

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-archive-'));
function site(name: string): { dataDir: string; storage: Storage } {
  const dataDir = path.join(work, name);
  fs.mkdirSync(dataDir);
  return { dataDir, storage: new LocalFolderStorage(path.join(dataDir, 'uploads')) };
}
const source = site('source');
const database = await connectDatabase({ dataDir: source.dataDir });
try {
  await migrateToLatest(database.db);
  await seedDemoContent(database.db);
  const { chapters, words } = await insertCatalogue(database.db, CATALOGUE);
  for (let i = 0; i < UPLOADS; i++) await source.storage.put(`covers/bench-${i}.png`, await pngBytes(800, 1200), 'image/png');
  console.log(
    `catalogue: ${chapters} chapters, ${words.toLocaleString('en-US')} words in ${CATALOGUE.stories} stories (+ the demo site), ${UPLOADS} uploads`,
  );

  const exports: number[] = [];
  const imports: number[] = [];
  let archive: Uint8Array = new Uint8Array();
  let identical = true;
  for (let run = 1; run <= RUNS; run++) {
    const t0 = performance.now();
    archive = await exportArchive({ db: database.db, storage: source.storage }, { analytics: true });
    const t1 = performance.now();
    const target = site(`target-${run}`);
    const targetDb = await connectDatabase({ dataDir: target.dataDir });
    try {
      await migrateToLatest(targetDb.db);
      const t2 = performance.now();
      await importArchive({ db: targetDb.db, storage: target.storage }, archive, { replace: false });
      const t3 = performance.now();
      exports.push(t1 - t0);
      imports.push(t3 - t2);
      console.log(`run ${run}: export ${seconds(t1 - t0)} (${mb(archive.byteLength)}), import ${seconds(t3 - t2)}`);
      if (run === 1) {
        identical =
          JSON.stringify(await snapshotSite(targetDb.db, target.storage)) ===
          JSON.stringify(await snapshotSite(database.db, source.storage));
      }
    } finally {
      await targetDb.close();
      fs.rmSync(target.dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `median of ${RUNS}: export ${seconds(median(exports))}, import ${seconds(median(imports))}, archive ${mb(archive.byteLength)}`,
  );
  const checks: Check[] = [
    {
      name: 'round trip identical (rows as Postgres JSON, files byte for byte)',
      pass: identical,
      detail: identical ? 'every row and file equal' : 'differences found',
    },
    { name: 'export under 30 s', pass: median(exports) < 30_000, detail: seconds(median(exports)) },
    { name: 'import under 60 s', pass: median(imports) < 60_000, detail: seconds(median(imports)) },
  ];
  reportChecks(checks);
} finally {
  await database.close();
  fs.rmSync(work, { recursive: true, force: true });
}
