// One template per page, whether it is rendered alone or in a full build (docs/decisions/0051-incremental-publishing.md):
// the demo content and the first story of the benchmark catalogue are rendered three ways and every
// file compared byte for byte: by Astro's own static build (`astro build`), by the render worker in
// one job of every page, and by the render worker one page per job.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { readContentSnapshot } from '#functions/site/snapshot.ts';
import { insertCatalogue } from '#scripts/bench/catalogue.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { writeChapterTexts } from './content-files.ts';
import { RenderService } from './render-service.ts';
import { listFiles } from './site-links.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITE_URL = 'http://localhost:4321';
const astroBin = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');

let root: string;
let content: { index: string; texts: string };
let service: RenderService;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'render-equivalence-'));
  const database = await openTestDatabase();
  try {
    await seedDemoContent(database.db);
    // The benchmark catalogue's first story, shortened: every kind of chapter page it has.
    await insertCatalogue(database.db, { stories: 1, chaptersPerStory: 12, wordsPerChapter: 600 });
    const snapshot = await readContentSnapshot(database.db, new Date('2026-11-27T12:00:00Z'));
    content = { index: path.join(root, 'content.json'), texts: path.join(root, 'texts') };
    fs.writeFileSync(content.index, JSON.stringify(snapshot));
    await writeChapterTexts(database.db, content.texts, snapshot);
  } finally {
    await database.close();
  }
  service = await RenderService.start({ projectRoot: PROJECT_ROOT, siteUrl: SITE_URL, origin: SITE_URL, content });
}, 180_000);

afterAll(async () => {
  await service?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The rendered files of a folder (pages, feeds and the small text files the pages' templates make). */
const renderedFiles = async (dir: string) => (await listFiles(dir)).filter((file) => /\.(html|xml|txt|webmanifest)$/.test(file)).sort();

it('renders every page to the same bytes alone, in a full build, and in Astro’s own static build', async () => {
  const paths = await service.paths(content);
  expect(paths.some((page) => page.pathname === '/storytime/story/bench-story-1/chapter/12')).toBe(true);

  const whole = path.join(root, 'whole');
  await service.render(content, whole, null);
  const alone = path.join(root, 'alone');
  for (const { pathname } of paths) await service.render(content, alone, [pathname]);
  const astro = path.join(root, 'astro');
  execFileSync(process.execPath, [astroBin, 'build', '--silent'], {
    cwd: PROJECT_ROOT,
    // As a build outside the tests runs: the test runner's NODE_ENV would give React's development output.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CONTENT_SNAPSHOT: content.index,
      CONTENT_TEXTS: content.texts,
      SITE_OUT_DIR: astro,
      SITE_URL,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: 'ignore',
  });

  const files = await renderedFiles(whole);
  expect(files.length).toBeGreaterThanOrEqual(paths.length);
  expect(await renderedFiles(alone)).toEqual(files);
  // Astro's build also writes public/ files; the sitemap is the publish's own (sitemap-files.ts).
  expect((await renderedFiles(astro)).filter((file) => files.includes(file))).toEqual(files);
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(whole, file));
    expect(fs.readFileSync(path.join(alone, file)).equals(bytes), `${file} alone`).toBe(true);
    expect(fs.readFileSync(path.join(astro, file)).equals(bytes), `${file} by astro build`).toBe(true);
  }
}, 240_000);
