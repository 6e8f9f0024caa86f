import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SitePublisher, type SitePublisherOptions } from './site-publisher.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sitesDir: string;
let publisher: SitePublisher | undefined;
beforeEach(() => {
  sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-publisher-test-'));
});
afterEach(async () => {
  await publisher?.stop();
  publisher = undefined;
  fs.rmSync(sitesDir, { recursive: true, force: true });
});

interface FakeOptions {
  debounceMs?: number;
  /** Makes the n-th build (1-based) throw after writing its folder. */
  failOn?: number;
  /** Builds wait for this before writing, to look at the publisher while one runs. */
  gate?: Promise<void>;
  /** Builds run until the publisher stops them, then reject as a cancelled build does. */
  untilStopped?: boolean;
  clone?: SitePublisherOptions['clone'];
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A publisher whose build writes index.html naming the build, after a short pause. */
function makePublisher(options: FakeOptions = {}) {
  const logs: string[] = [];
  const builds: string[] = [];
  /** Per build: whether it was asked to bring the spare up to date. */
  const reused: boolean[] = [];
  let active = 0;
  let maxActive = 0;
  const p = new SitePublisher({
    sitesDir,
    debounceMs: options.debounceMs ?? 10,
    log: (line) => logs.push(line),
    ...(options.clone && { clone: options.clone }),
    build: async (outDir, signal, _previous, reusing) => {
      builds.push(outDir);
      reused.push(reusing);
      active++;
      maxActive = Math.max(maxActive, active);
      try {
        // Pause so each build starts in a later millisecond (build names come from Date.now()).
        await sleep(15);
        await options.gate;
        if (options.untilStopped) await untilAborted(signal);
        fs.mkdirSync(outDir, { recursive: true });
        fs.writeFileSync(path.join(outDir, 'index.html'), `build ${builds.length}`);
        if (builds.length === options.failOn) throw new Error('astro exploded');
      } finally {
        active--;
      }
    },
  });
  publisher = p;
  return { publisher: p, logs, builds, reused, maxActive: () => maxActive };
}

const pointer = () => fs.readFileSync(path.join(sitesDir, 'current'), 'utf8');
const served = (p: SitePublisher) => fs.readFileSync(path.join(p.current!, 'index.html'), 'utf8');

describe('SitePublisher', () => {
  it('serves nothing before the first build', () => {
    const { publisher: p } = makePublisher();
    expect(p.current).toBeNull();
  });

  it('publishNow builds into a fresh folder, points `current` at it and writes the pointer file', async () => {
    const { publisher: p, builds, logs } = makePublisher();
    await p.publishNow('first start');
    expect(builds).toHaveLength(1);
    expect(p.current).toBe(builds[0]);
    expect(path.dirname(p.current!)).toBe(sitesDir);
    expect(path.basename(p.current!)).toMatch(/^build-\d+-[0-9a-f]{8}$/);
    expect(pointer()).toBe(path.basename(p.current!));
    expect(served(p)).toBe('build 1');
    expect(fs.existsSync(path.join(sitesDir, 'current.tmp'))).toBe(false);
    expect(logs[0]).toBe('site: building (first start)');
    expect(logs[1]).toMatch(/^site: published in \d+ ms$/);

    await p.publishNow('edit');
    expect(p.current).toBe(builds[1]);
    expect(p.current).not.toBe(builds[0]);
    expect(pointer()).toBe(path.basename(builds[1]!));
    expect(served(p)).toBe('build 2');
    // The previous build stays for a grace period, for requests still reading it.
    expect(fs.existsSync(builds[0]!)).toBe(true);
  });

  it('keeps the previous site when a build fails, removing the failed folder', async () => {
    const { publisher: p, builds, logs } = makePublisher({ failOn: 2 });
    await p.publishNow('ok');
    const good = p.current;
    await expect(p.publishNow('broken')).rejects.toThrow('astro exploded');
    expect(builds).toHaveLength(2);
    expect(p.current).toBe(good);
    expect(pointer()).toBe(path.basename(good!));
    expect(served(p)).toBe('build 1');
    expect(fs.existsSync(builds[1]!)).toBe(false);
    expect(logs).toContain('site: build failed, still serving the previous site. astro exploded');
  });

  it('a failed first build leaves nothing to serve and no pointer file', async () => {
    const { publisher: p, builds } = makePublisher({ failOn: 1 });
    await expect(p.publishNow()).rejects.toThrow('astro exploded');
    expect(p.current).toBeNull();
    expect(fs.existsSync(builds[0]!)).toBe(false);
    expect(fs.existsSync(path.join(sitesDir, 'current'))).toBe(false);
  });

  it('restore() picks up the build published before a restart', async () => {
    const { publisher: first } = makePublisher();
    await first.publishNow('before restart');
    const published = first.current;
    await first.stop();

    const { publisher: second, builds } = makePublisher();
    expect(second.current).toBeNull();
    expect(second.restore()).toBe(true);
    expect(second.current).toBe(published);
    expect(builds).toHaveLength(0);
  });

  it('brings the folder served before up to date, waiting for its rest when a publish comes sooner', async () => {
    const { publisher: p, builds, reused } = makePublisher();
    await p.publishNow('first');
    await p.publishNow('second');
    const swapped = Date.now();
    const spare = fs.statSync(builds[0]!).ino;
    await p.publishNow('third');
    // The same folder under a name of its own: no cache by name takes it for the first publish.
    expect(fs.statSync(builds[2]!).ino).toBe(spare);
    expect(builds[2]).not.toBe(builds[0]);
    expect(fs.existsSync(builds[0]!)).toBe(false);
    expect(reused).toEqual([false, false, true]);
    // The spare rests 500 ms after it stopped being served before it is written to.
    expect(Date.now() - swapped).toBeGreaterThanOrEqual(500);
    expect(served(p)).toBe('build 3');
    expect(
      fs
        .readdirSync(sitesDir)
        .filter((entry) => entry.startsWith('build-'))
        .sort(),
    ).toEqual([builds[1], builds[2]].map((dir) => path.basename(dir!)).sort());
  });

  it('copies the first publish into a spare before serving it, and the next publish brings that up to date at once', async () => {
    const clones: { from: string; ino: number; servedThen: string | null }[] = [];
    const {
      publisher: p,
      builds,
      reused,
    } = makePublisher({
      clone: async (from, to) => {
        await sleep(30);
        fs.cpSync(from, to, { recursive: true });
        clones.push({ from, ino: fs.statSync(to).ino, servedThen: p.current });
      },
    });
    await p.publishNow('first start');
    const started = Date.now();
    await p.publishNow('edit');
    expect(clones).toEqual([{ from: builds[0], ino: fs.statSync(builds[1]!).ino, servedThen: null }]);
    expect(reused).toEqual([false, true]);
    // Never served, so no rest: the edit waited only for the copy.
    expect(Date.now() - started).toBeLessThan(400);
    expect(served(p)).toBe('build 2');
  });

  it('links the site anew when the spare cannot be prepared, and says so', async () => {
    const {
      publisher: p,
      builds,
      reused,
      logs,
    } = makePublisher({
      clone: async (_from, to) => {
        fs.mkdirSync(to);
        throw new Error('disk full');
      },
    });
    await p.publishNow('first start');
    await p.publishNow('edit');
    expect(reused).toEqual([false, false]);
    expect(builds[1]).not.toBe(builds[0]);
    expect(logs).toContain('site: could not prepare a spare folder (the next publish links the site anew): disk full');
    expect(fs.readdirSync(sitesDir).filter((entry) => /^build-[^.]+$/.test(entry))).toHaveLength(2);
  });

  it('restore() takes the newest finished build beside the served one as the spare, never one a killed publish left', async () => {
    const folder = (name: string, manifest: boolean) => {
      fs.mkdirSync(path.join(sitesDir, name));
      fs.writeFileSync(path.join(sitesDir, name, 'index.html'), name);
      if (manifest) fs.writeFileSync(path.join(sitesDir, `${name}.publish.json`), '{}');
    };
    folder('build-1000-aaaaaaaa', true);
    folder('build-2000-bbbbbbbb', true);
    folder('build-3000-cccccccc', true);
    folder('build-4000-dddddddd', false);
    fs.writeFileSync(path.join(sitesDir, 'current'), 'build-3000-cccccccc');
    const { publisher: p, builds, reused } = makePublisher();
    const spare = fs.statSync(path.join(sitesDir, 'build-2000-bbbbbbbb')).ino;
    expect(p.restore()).toBe(true);
    await p.publishNow('server start');
    expect(builds).toHaveLength(1);
    expect(fs.statSync(builds[0]!).ino).toBe(spare);
    expect(reused).toEqual([true]);
    // The older build and the one the killed publish left are gone; the one served before the publish is the spare.
    expect(
      fs
        .readdirSync(sitesDir)
        .filter((entry) => /^build-[^.]+$/.test(entry))
        .sort(),
    ).toEqual(['build-3000-cccccccc', path.basename(builds[0]!)].sort());
  });

  it('restore() is false for an empty folder and for a pointer to a missing build', () => {
    const { publisher: p } = makePublisher();
    expect(p.restore()).toBe(false);
    expect(p.current).toBeNull();

    fs.writeFileSync(path.join(sitesDir, 'current'), 'build-123');
    expect(p.restore()).toBe(false);
    expect(p.current).toBeNull();

    // A folder without index.html (an interrupted build) is not served either.
    fs.mkdirSync(path.join(sitesDir, 'build-123'));
    expect(p.restore()).toBe(false);
  });

  it('schedule() debounces: three quick calls give one build with all the reasons', async () => {
    const { publisher: p, builds, logs } = makePublisher({ debounceMs: 50 });
    p.schedule('story saved');
    p.schedule('gallery edited');
    p.schedule('profile updated');
    expect(builds).toHaveLength(0);
    await sleep(30);
    expect(builds).toHaveLength(0); // still within the debounce window
    await expect.poll(() => p.current, { timeout: 2000, interval: 10 }).not.toBeNull();
    await sleep(80);
    expect(builds).toHaveLength(1);
    expect(logs[0]).toBe('site: building (story saved, gallery edited, profile updated)');
  });

  it('stop() cancels a scheduled rebuild', async () => {
    const { publisher: p, builds } = makePublisher({ debounceMs: 20 });
    p.schedule('edit');
    await p.stop();
    await sleep(60);
    expect(builds).toHaveLength(0);
  });

  it('runs concurrent publishNow calls one build at a time', async () => {
    const { publisher: p, builds, logs, maxActive } = makePublisher();
    await Promise.all([p.publishNow('a'), p.publishNow('b'), p.publishNow('c')]);
    expect(maxActive()).toBe(1);
    expect(builds.length).toBeGreaterThanOrEqual(2);
    // Never into the folder being served: a new one, or the one served before it.
    expect(builds.slice(1).every((dir, i) => dir !== builds[i])).toBe(true);
    expect(p.current).toBe(builds.at(-1));
    expect(pointer()).toBe(path.basename(builds.at(-1)!));
    // Every reason is built: the first alone, the ones that waited together.
    const building = logs.filter((line) => line.startsWith('site: building'));
    expect(building[0]).toBe('site: building (a)');
    expect(building[1]).toBe('site: building (b, c)');
  });

  it('changes scheduled during a build are built once after it, never followed by an empty build', async () => {
    const build = gate();
    const { publisher: p, builds, logs } = makePublisher({ debounceMs: 5, gate: build.promise });
    const first = p.publishNow('a');
    p.schedule('b');
    await sleep(30); // b's timer fires and waits for the running build
    p.schedule('c');
    await sleep(30); // so does c's
    build.open();
    await first;
    await expect.poll(() => logs.filter((line) => line.startsWith('site: published')).length, { timeout: 2000 }).toBe(2);
    await sleep(50);
    expect(builds).toHaveLength(2);
    expect(logs.filter((line) => line.startsWith('site: building'))).toEqual(['site: building (a)', 'site: building (b, c)']);
  });

  it('a failed build does not fail the publish waiting behind it: that one still builds', async () => {
    const { publisher: p, builds } = makePublisher({ failOn: 1 });
    const first = p.publishNow('a');
    const second = p.publishNow('b');
    await expect(first).rejects.toThrow('astro exploded');
    await second;
    expect(builds).toHaveLength(2);
    expect(served(p)).toBe('build 2');
  });
});

describe('SitePublisher.exclusive() and busyWithin()', () => {
  it('runs exclusive work after the publish in progress, and a publish that comes meanwhile after it', async () => {
    const g = gate();
    const { publisher: p, logs } = makePublisher({ gate: g.promise });
    const first = p.publishNow('first');
    const work = p.exclusive(async () => {
      logs.push('backup begins');
      await sleep(40);
      logs.push('backup ends');
      return 42;
    });
    const second = p.publishNow('second');
    g.open();
    expect(await work).toBe(42);
    await Promise.all([first, second]);
    expect(logs.map((line) => line.replace(/\d+ ms/, 'N ms'))).toEqual([
      'site: building (first)',
      'site: published in N ms',
      'backup begins',
      'backup ends',
      'site: building (second)',
      'site: published in N ms',
    ]);
  });

  it('is busy while a publish waits or runs and for the quiet time after it', async () => {
    const { publisher: p } = makePublisher({ debounceMs: 20 });
    expect(p.busyWithin(60_000)).toBe(false);
    p.schedule('edit');
    expect(p.busyWithin(60_000)).toBe(true);
    await vi.waitFor(() => expect(p.state().publishing).toBe(false));
    expect(p.busyWithin(60_000)).toBe(true);
    expect(p.busyWithin(0)).toBe(false);
  });
});

describe('SitePublisher.state()', () => {
  const IDLE = { publishing: false, last_published_at: null, last_error: null };
  const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

  it('is idle before anything was scheduled or published', () => {
    const { publisher: p } = makePublisher();
    expect(p.state()).toEqual(IDLE);
  });

  it('is publishing while a rebuild is scheduled and while its build runs', async () => {
    const build = gate();
    const { publisher: p, builds } = makePublisher({ debounceMs: 10, gate: build.promise });
    p.schedule('story saved');
    expect(p.state()).toEqual({ ...IDLE, publishing: true });
    await expect.poll(() => builds.length, { timeout: 2000, interval: 5 }).toBe(1);
    expect(p.state()).toEqual({ ...IDLE, publishing: true });
    build.open();
    await expect.poll(() => p.state().publishing, { timeout: 2000, interval: 5 }).toBe(false);
    expect(p.current).toBe(builds[0]);
  });

  it('stays publishing while a change scheduled during a build waits for its own build', async () => {
    const build = gate();
    const { publisher: p, builds } = makePublisher({ debounceMs: 5, gate: build.promise });
    const first = p.publishNow('first');
    expect(p.state().publishing).toBe(true);
    p.schedule('second');
    build.open();
    await first;
    expect(p.state().publishing).toBe(true);
    await expect.poll(() => p.state().publishing, { timeout: 2000, interval: 5 }).toBe(false);
    expect(builds).toHaveLength(2);
  });

  it('records when the site last went live', async () => {
    const { publisher: p } = makePublisher();
    const before = Date.now();
    await p.publishNow('edit');
    const state = p.state();
    expect(state).toEqual({ publishing: false, last_published_at: expect.stringMatching(isoTime), last_error: null });
    expect(Date.parse(state.last_published_at!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(state.last_published_at!)).toBeLessThanOrEqual(Date.now());
  });

  it('restore() takes the publish time from the pointer file', async () => {
    const { publisher: first } = makePublisher();
    await first.publishNow('before restart');
    await first.stop();
    const pointerTime = fs.statSync(path.join(sitesDir, 'current')).mtime.toISOString();

    const { publisher: second } = makePublisher();
    expect(second.state()).toEqual(IDLE);
    expect(second.restore()).toBe(true);
    expect(second.state()).toEqual({ ...IDLE, last_published_at: pointerTime });
  });

  it('restore() without a published build leaves the state idle', () => {
    const { publisher: p } = makePublisher();
    fs.writeFileSync(path.join(sitesDir, 'current'), 'build-missing');
    expect(p.restore()).toBe(false);
    expect(p.state()).toEqual(IDLE);
  });

  it("reports a failed build's message while the previous site stays current", async () => {
    const { publisher: p } = makePublisher({ failOn: 2 });
    await p.publishNow('ok');
    const published = p.state().last_published_at;
    const before = Date.now();
    await expect(p.publishNow('broken')).rejects.toThrow('astro exploded');
    const state = p.state();
    expect(state).toEqual({
      publishing: false,
      last_published_at: published,
      last_error: { message: 'astro exploded', at: expect.stringMatching(isoTime) },
    });
    expect(Date.parse(state.last_error!.at)).toBeGreaterThanOrEqual(before);
    expect(served(p)).toBe('build 1');
  });

  it('marks a build that ran out of disk space, as a full disk fails it (ENOSPC)', async () => {
    const p = new SitePublisher({
      sitesDir,
      debounceMs: 10,
      log: () => {},
      build: async (outDir) => {
        fs.mkdirSync(outDir, { recursive: true });
        fs.writeFileSync('/dev/full', 'page'); // a real ENOSPC from the file system (/dev/full is always full)
      },
    });
    publisher = p;
    await expect(p.publishNow('full')).rejects.toThrow(/ENOSPC/);
    expect(p.state().last_error).toEqual({
      message: expect.stringMatching(/^ENOSPC/),
      at: expect.stringMatching(isoTime),
      disk_full: true,
    });
  });

  it('reports a failed scheduled build too, and the next success clears the error', async () => {
    const { publisher: p } = makePublisher({ debounceMs: 5, failOn: 1 });
    p.schedule('edit');
    await expect.poll(() => p.state().last_error, { timeout: 2000, interval: 5 }).not.toBeNull();
    expect(p.state()).toEqual({
      publishing: false,
      last_published_at: null,
      last_error: { message: 'astro exploded', at: expect.stringMatching(isoTime) },
    });

    await p.publishNow('fixed');
    expect(p.state()).toEqual({ publishing: false, last_published_at: expect.stringMatching(isoTime), last_error: null });
  });

  it('does not record a build aborted by stop() as an error', async () => {
    const { publisher: p, builds, logs } = makePublisher({ untilStopped: true });
    const run = p.publishNow('edit');
    expect(p.state().publishing).toBe(true);
    await expect.poll(() => builds.length, { timeout: 2000, interval: 5 }).toBe(1);
    await p.stop();
    await expect(run).rejects.toThrow();
    expect(p.state()).toEqual(IDLE);
    expect(logs).toContain('site: build cancelled');
    expect(fs.existsSync(builds[0]!)).toBe(false);
  });
});
