// `npm run bench:gallery`: the galleries' budget (docs/product.md, Speed and capacity). Part 1, through the API (the Hono app in this
// process, as the Node server runs it) on the embedded database in a throw-away folder, with
// 10,000 images across 20 galleries: p95 of a search and of a page of 20, and the time to upload
// a 2 MB PNG (metadata, thumbnails, storage, row). Part 2, the real server with the demo content
// plus a page of uploaded images: Lighthouse (mobile, median of BENCH_RUNS, default 3) on the
// gallery list and a gallery page. Part 3 (gallery-metadata.ts): the metadata read time of each
// file of the peers corpus and the stealth reader's worst case on 25 megapixels. Prints one table. Everything listens on 127.0.0.1; every
// process started here is stopped by its PID, also on failure.
// Budget: search p95 <= 50 ms, page p95 <= 20 ms, upload <= 500 ms, gallery page 100 in
// accessibility, best practices and SEO, >= 95 performance, no layout shift.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '#functions/auth/password.ts';
import { userStore } from '#functions/auth/store.ts';
import { createApp } from '#functions/app.ts';
import { connectDatabase } from '#db/connect.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { LocalFolderStorage } from '#scripts/server/local-storage.ts';
import { sharpImages } from '#scripts/server/sharp-images.ts';
import { BENCH_SEARCHES, generatedArt, generatedPng, insertGalleryCatalogue } from './gallery-data.ts';
import { measurePeerFiles, measureStealthWorstCase } from './gallery-metadata.ts';
import { CATEGORIES, measurePageMedian, type PageMeasure } from './lighthouse-run.ts';
import { runBounded, stopAll } from './processes.ts';
import { api, startSiteServer, waitForPublished } from './site-server.ts';

const GALLERIES = 20;
const IMAGES_PER_GALLERY = 500;
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 400);
const UPLOADS = 10;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
/** app.request resolves paths against http://localhost: the CSRF guard expects that origin. */
const ORIGIN = 'http://localhost';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gallery-'));

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

interface Timings {
  label: string;
  values: number[];
  budgetMs: number;
  /** Which percentile the budget applies to. */
  budgetAt: 50 | 95;
}

async function measureApi(): Promise<Timings[]> {
  const dataDir = path.join(temp, 'api');
  fs.mkdirSync(dataDir);
  const handle = await connectDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    let started = Date.now();
    const galleryIds = await insertGalleryCatalogue(handle.db, GALLERIES, IMAGES_PER_GALLERY);
    console.log(
      `inserted ${GALLERIES * IMAGES_PER_GALLERY} images in ${GALLERIES} galleries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const app = createApp({
      db: handle.db,
      sessionSecret: randomBytes(32),
      clientIp: () => '127.0.0.1',
      rebuild: { schedule: () => {}, state: () => ({ publishing: false, last_published_at: null, last_error: null }) },
      storage: new LocalFolderStorage(path.join(temp, 'uploads')),
      images: sharpImages,
    });
    const call = async (route: string, init: RequestInit = {}) => {
      const response = await app.request(route, { ...init, headers: { origin: ORIGIN, ...init.headers } }, undefined);
      if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
      return response;
    };
    const timed = async (route: string, init?: RequestInit) => {
      const start = performance.now();
      await (await call(route, init)).arrayBuffer();
      return performance.now() - start;
    };

    const pick = (i: number) => galleryIds[i % galleryIds.length]!;
    const pages = Math.ceil(IMAGES_PER_GALLERY / 20);
    // Warm-up: the first queries compile plans and fill caches, as on a server that has been up.
    for (let i = 0; i < 40; i++)
      await timed(
        `/api/images/gallery-list?gallery_id=${pick(i)}&page=${(i % pages) + 1}&limit=20&q=${encodeURIComponent(BENCH_SEARCHES[i % BENCH_SEARCHES.length]!)}`,
      );
    const pageTimes: number[] = [];
    const searchTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      pageTimes.push(await timed(`/api/images/gallery-list?gallery_id=${pick(i * 7)}&page=${((i * 13) % pages) + 1}&limit=20`));
      searchTimes.push(
        await timed(
          `/api/images/gallery-list?gallery_id=${pick(i * 3)}&page=1&limit=20&q=${encodeURIComponent(BENCH_SEARCHES[i % BENCH_SEARCHES.length]!)}`,
        ),
      );
    }

    await userStore.create(handle.db, { username: 'bench', password_hash: await hashPassword('bench-password'), role: 'admin' });
    const login = await call('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const png = await generatedPng(2 * 1024 * 1024);
    console.log(`upload file: ${(png.length / 1024 / 1024).toFixed(2)} MB PNG with AUTOMATIC1111 parameters`);
    const uploadTimes: number[] = [];
    started = Date.now();
    for (let i = 0; i < UPLOADS + 1; i++) {
      const form = new FormData();
      form.set('gallery_id', String(galleryIds[0]));
      form.append('files[]', new File([png], `render-${i}.png`, { type: 'image/png' }));
      const ms = await timed('/api/images/gallery-upload', { method: 'POST', body: form, headers: { cookie } });
      if (i > 0) uploadTimes.push(ms); // the first one loads libvips' codecs
    }
    return [
      { label: `page of 20 (${REQUESTS} requests)`, values: pageTimes, budgetMs: 20, budgetAt: 95 },
      { label: `search, ${BENCH_SEARCHES.length} kinds (${REQUESTS} requests)`, values: searchTimes, budgetMs: 50, budgetAt: 95 },
      { label: `upload of a 2 MB PNG (${UPLOADS} uploads)`, values: uploadTimes, budgetMs: 500, budgetAt: 50 },
    ];
  } finally {
    await handle.close();
  }
}

/** The demo site plus a page and a half of uploaded renders, so the gallery page has real thumbnails and a 'Load more'. */
async function measurePages(): Promise<{ name: string; measure: PageMeasure }[]> {
  const server = await startSiteServer(temp);
  type GalleryList = { galleries: { id: number; slug: string; rating: string }[] };
  const { body } = await api<GalleryList>(server.base, '/api/galleries/list?page=1&limit=1000');
  const gallery = body.galleries.find((candidate) => candidate.rating === 'PG')!;
  for (let i = 0; i < 30; i++) {
    const form = new FormData();
    form.set('gallery_id', String(gallery.id));
    const png = await generatedArt(i);
    form.append('files[]', new File([png], `render-${i}.png`, { type: 'image/png' }));
    await api(server.base, '/api/images/gallery-upload', { cookie: server.cookie, form });
  }
  await waitForPublished(server);
  const pages = [
    { name: 'gallery list /galleries/', path: '/galleries/' },
    { name: `gallery /galleries/${gallery.slug}/`, path: `/galleries/${encodeURIComponent(gallery.slug)}/` },
  ];
  const measured = [];
  for (const page of pages) measured.push({ name: page.name, measure: await measurePageMedian(server.base + page.path, RUNS) });
  return measured;
}

function printTables(timings: Timings[], pages: { name: string; measure: PageMeasure }[], metadata: string[]): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nAPI on the embedded database (PGlite), ${GALLERIES * IMAGES_PER_GALLERY} images in ${GALLERIES} galleries`);
  console.log('| call | median | p95 | max | budget |');
  console.log('|---|--:|--:|--:|---|');
  for (const t of timings) {
    const measured = percentile(t.values, t.budgetAt);
    const verdict = measured <= t.budgetMs ? 'ok' : '✗ over';
    console.log(
      `| ${t.label} | ${ms(percentile(t.values, 50))} | ${ms(percentile(t.values, 95))} | ${ms(Math.max(...t.values))} | p${t.budgetAt} <= ${t.budgetMs} ms: ${verdict} |`,
    );
  }
  console.log(`\nLighthouse ${RUNS} runs (median), mobile defaults`);
  console.log('| page | Perf | A11y | BP | SEO | LCP | CLS | KiB | requests |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const { name, measure: m } of pages) {
    console.log(
      `| ${name} | ${CATEGORIES.map((id) => m.scores[id]).join(' | ')} | ${Math.round(m.lcpMs)} ms | ${m.cls.toFixed(3)} | ${m.kib.toFixed(1)} | ${m.requests} |`,
    );
    if (m.failing.length > 0) console.log(`  audits under 0.9 in some run: ${m.failing.join(', ')}`);
  }
  console.log('budget: search p95 <= 50 ms, page p95 <= 20 ms, upload <= 500 ms; gallery page Perf >= 95, A11y/BP/SEO 100, CLS 0');
  console.log(
    `\nMetadata reading (tests/fixtures/ai-images-peers/, median of runs; no budget, goal: stealth under 300 ms)\n${metadata.join('\n')}`,
  );
}

async function main(): Promise<void> {
  const metadata = [...(await measurePeerFiles()), '', ...(await measureStealthWorstCase())];
  const timings = await measureApi();
  const pages = await measurePages();
  printTables(timings, pages, metadata);
}

async function cleanUp(): Promise<void> {
  await stopAll();
  fs.rmSync(temp, { recursive: true, force: true });
}

// Bounded: metadata (~1 min), catalogue and requests (~3 min on a slow machine), start-up, uploads, 2 pages x RUNS Lighthouse runs.
await runBounded('bench:gallery', (60 + 300 + 360 + 2 * RUNS * 90) * 1000, main, cleanUp);
