// `npm run bench:autosave`: the server time of an autosave (docs/product.md, Autosave, conflicts and
// revisions): the app in this process on the embedded database (PGlite, as the API tests use it),
// a 20,000-word chapter, 50 autosave requests through `app.request`, each with one more word.
// Prints the median and p95, and the first request's time (it also keeps an autosave revision and
// counts its words); exits non-zero when the p95 misses the budget.
// Budget: an autosave of a 20,000-word chapter answers within 50 ms of server time.
import { fileURLToPath } from 'node:url';
import { signSessionToken } from '#functions/auth/session.ts';
import { userStore } from '#functions/auth/store.ts';
import { createApp } from '#functions/app.ts';
import { wordCount } from '#lib/chapter-text.ts';
import { sharpImages } from '#scripts/server/sharp-images.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { chapterText } from './catalogue.ts';
import { reportChecks } from './checks.ts';

const WORDS = 20_000;
const REQUESTS = 50;
const WARM_UP = 10;
const BUDGET_MS = 50;
const ORIGIN = 'http://localhost:4321';

export interface AutosaveFigures {
  words: number;
  requests: number;
  medianMs: number;
  p95Ms: number;
  /** The first request: it keeps an autosave revision too (at most one every 10 minutes). */
  firstMs: number;
  /** The median CPU time of this process (app and embedded database) per request: what other processes on the machine do not inflate. */
  cpuMedianMs: number;
}

/** Nearest rank: of 50 requests, p95 is the 48th fastest and the median the 25th. */
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((values.length * p) / 100) - 1)]!;

export async function measureAutosave(): Promise<AutosaveFigures> {
  const database = await openTestDatabase();
  try {
    const { db } = database;
    const sessionSecret = new TextEncoder().encode('bench-secret-that-is-at-least-32-bytes-long');
    const app = createApp({
      db,
      sessionSecret,
      clientIp: () => '127.0.0.1',
      rebuild: { schedule: () => {}, state: () => ({ publishing: false, last_published_at: null, last_error: null }) },
      storage: new MemoryStorage(),
      images: sharpImages,
    });
    const user = await userStore.create(db, { username: 'author', password_hash: 'x', role: 'author' });
    const cookie = `session=${await signSessionToken(sessionSecret, { userId: user.id, version: 1 }, new Date())}`;
    const { id: storyId } = await db
      .insertInto('stories')
      .values({ slug: 'bench', title: 'Bench', status: 'published' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const content = chapterText(WORDS, 1);
    const chapters = await db
      .insertInto('chapters')
      .values(
        [1, 2].map((n) => ({
          story_id: storyId,
          chapter_number: n,
          slug: `c-${n}`,
          title: `Chapter ${n}`,
          content,
          status: 'published' as const,
        })),
      )
      .returning('id')
      .execute();

    const autosave = async (chapterId: number, i: number) => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const res = await app.request(`${ORIGIN}/api/chapters/autosave`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ chapter_id: chapterId, title: 'Chapter', content: `${content} word${i}` }),
      });
      await res.arrayBuffer();
      const elapsed = performance.now() - started;
      const { user, system } = process.cpuUsage(cpu);
      if (res.status !== 200) throw new Error(`autosave answered ${res.status}`);
      return { elapsed, cpu: (user + system) / 1000 };
    };
    // The other chapter warms the app up (JIT, the query paths), as a running server is.
    for (let i = 0; i < WARM_UP; i++) await autosave(chapters[1]!.id, i);
    const runs: { elapsed: number; cpu: number }[] = [];
    for (let i = 0; i < REQUESTS; i++) runs.push(await autosave(chapters[0]!.id, i));
    const times = runs.map((run) => run.elapsed);
    return {
      words: wordCount(content),
      requests: REQUESTS,
      medianMs: percentile(times, 50),
      p95Ms: percentile(times, 95),
      firstMs: times[0]!,
      cpuMedianMs: percentile(
        runs.map((run) => run.cpu),
        50,
      ),
    };
  } finally {
    await database.close();
  }
}

/** Prints the figures and the budget's check (bench:autosave, and bench:editor after the browser's). */
export function printAutosave(figures: AutosaveFigures): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`autosave of a ${figures.words}-word chapter, ${figures.requests} requests through app.request on PGlite:`);
  console.log(`  median ${ms(figures.medianMs)}, p95 ${ms(figures.p95Ms)}, first (keeps a revision) ${ms(figures.firstMs)}`);
  console.log(`  CPU per request (median, app and database): ${ms(figures.cpuMedianMs)}`);
  reportChecks([{ name: `autosave p95 <= ${BUDGET_MS} ms`, pass: figures.p95Ms <= BUDGET_MS, detail: ms(figures.p95Ms) }]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printAutosave(await measureAutosave());
