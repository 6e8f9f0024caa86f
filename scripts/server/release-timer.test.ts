// The release timer with a controllable clock (fake timers, never sleeps): it releases at the
// release time, re-arms after changes, and after a restart releases what fell due meanwhile.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RebuildTrigger } from '#core/rebuild.ts';
import { openTestDatabase, type TestDatabase } from '#scripts/test/database.ts';
import { ReleaseTimer } from './release-timer.ts';

let database: TestDatabase;
let rebuilds: string[];
const rebuild: RebuildTrigger = {
  schedule: (reason) => rebuilds.push(reason),
  state: () => ({ publishing: false, last_published_at: null, last_error: null }),
};
const START = new Date('2026-11-22T12:00:00Z');
const MINUTE = 60_000;
let timer: ReleaseTimer | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  return () => database.close();
}, 60_000);
beforeEach(async () => {
  await database.reset();
  rebuilds = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
});
afterEach(() => {
  timer?.stop();
  vi.useRealTimers();
});

async function scheduleChapter(number: number, releaseAt: Date | null, storyId?: number): Promise<number> {
  const story =
    storyId ??
    (
      await database.db
        .insertInto('stories')
        .values({ slug: 's', title: 'S', status: 'published' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await database.db
    .insertInto('chapters')
    .values({
      story_id: story,
      chapter_number: number,
      slug: `c${number}`,
      title: `C${number}`,
      content: 'x',
      status: 'draft',
      release_at: releaseAt,
    })
    .execute();
  return story;
}

const statuses = async () =>
  (await database.db.selectFrom('chapters').select(['chapter_number', 'status']).orderBy('chapter_number').execute()).map(
    (r) => `${r.chapter_number}:${r.status}`,
  );

function startTimer(): Promise<void> {
  timer = new ReleaseTimer({ db: database.db, rebuild, log: () => {} });
  return timer.start();
}

/** Moves the clock on and lets the run the timer fired finish. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await timer!.changed(); // waits for any run in progress; a run with nothing due changes nothing
}

describe('the release timer', () => {
  it('publishes a chapter at its release time and not before', async () => {
    await scheduleChapter(1, new Date(START.getTime() + 10 * MINUTE));
    await startTimer();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(await statuses()).toEqual(['1:draft']);
    await advance(1);
    expect(await statuses()).toEqual(['1:published']);
    expect(rebuilds).toEqual(['scheduled chapter 1 released']);
  });

  it('releases at start what fell due while the server was down', async () => {
    await scheduleChapter(1, new Date(START.getTime() - 3 * 60 * MINUTE));
    await startTimer();
    expect(await statuses()).toEqual(['1:published']);
  });

  it('picks up a release time set while it waits, earlier than the one it waits for', async () => {
    const story = await scheduleChapter(2, new Date(START.getTime() + 120 * MINUTE));
    await startTimer();
    await scheduleChapter(1, new Date(START.getTime() + 5 * MINUTE), story);
    await timer!.changed();
    await advance(5 * MINUTE);
    expect(await statuses()).toEqual(['1:published', '2:draft']);
    await advance(115 * MINUTE);
    expect(await statuses()).toEqual(['1:published', '2:published']);
  });

  it('waits for a release weeks away in steps of at most an hour, never one timer that would overflow', async () => {
    const release = new Date(START.getTime() + 40 * 24 * 60 * MINUTE);
    await scheduleChapter(1, release);
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    await startTimer();
    // (A PostgreSQL driver may arm timers of its own: only the longest wait matters.)
    expect(Math.max(...setTimeoutSpy.mock.calls.map(([, delay]) => delay ?? 0))).toBe(60 * MINUTE);
    // Weeks later (the clock jumps; stepping through every hour would only repeat the same check):
    // the hourly check a minute before the release arms the last minute, and then it comes out.
    vi.setSystemTime(new Date(release.getTime() - MINUTE));
    await advance(1);
    expect(await statuses()).toEqual(['1:draft']);
    await advance(MINUTE);
    expect(await statuses()).toEqual(['1:published']);
  });

  it('does nothing once stopped', async () => {
    await scheduleChapter(1, new Date(START.getTime() + MINUTE));
    await startTimer();
    timer!.stop();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(await statuses()).toEqual(['1:draft']);
  });
});
