// What other visitors go through while the server handles something heavy or hostile: a stream of
// ordinary requests (an API call and the landing page, alternately, one every PROBE_EVERY_MS whether
// or not the previous one answered, so a stalled server piles them up) and the server process's
// resident memory, sampled from /proc. Linux only, which is what the benchmarks run on.
import { percentile } from './load-stats.ts';
import { memoryOf } from './peak-rss.ts';

const PROBE_EVERY_MS = 20;
const MEMORY_EVERY_MS = 25;
const PROBE_PATHS = ['/api/author/get', '/'];

export interface WatchFigures {
  /** The longest any probe waited for its whole answer, in ms. */
  longestWaitMs: number;
  medianWaitMs: number;
  probes: number;
  /** Probes that failed or answered other than 2xx. */
  failedProbes: number;
  /** The server's largest resident memory during the watch, and its memory when the watch began, in MB. */
  peakRssMb: number;
  startRssMb: number;
}

/** Starts probing `base` and sampling `pid`; `stop()` waits for the probes still out, then reports. */
export function watchServer(base: string, pid: number) {
  const waits: number[] = [];
  const pending = new Set<Promise<void>>();
  let failedProbes = 0;
  let sent = 0;
  const startRss = memoryOf(pid)?.rss ?? 0;
  let peakRss = startRss;

  const probe = () => {
    const started = performance.now();
    const path = PROBE_PATHS[sent++ % PROBE_PATHS.length]!;
    const done = fetch(base + path)
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) failedProbes++;
      })
      .catch(() => void failedProbes++)
      .finally(() => {
        waits.push(performance.now() - started);
        pending.delete(done);
      });
    pending.add(done);
  };
  const probeTimer = setInterval(probe, PROBE_EVERY_MS);
  const memoryTimer = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid)?.rss ?? 0);
  }, MEMORY_EVERY_MS);

  return {
    async stop(): Promise<WatchFigures> {
      clearInterval(probeTimer);
      await Promise.all(pending);
      clearInterval(memoryTimer);
      return {
        longestWaitMs: Math.max(0, ...waits),
        medianWaitMs: percentile([...waits].sort((a, b) => a - b), 50),
        probes: waits.length,
        failedProbes,
        peakRssMb: peakRss / 1024,
        startRssMb: startRss / 1024,
      };
    },
  };
}

/** What a load got back: every status it saw, and a word on the rest. */
export interface Outcome {
  statuses: number[];
  note?: string;
}

/** "50 × 200", "49 × 200, 1 × 503", then the note. */
export function describeOutcome({ statuses, note }: Outcome): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const answers = [...counts].map(([status, count]) => `${count} × ${status}`).join(', ');
  return [answers, note].filter(Boolean).join(': ');
}

/** Runs `work` while watching the server; returns what `work` returned beside the figures. */
export async function whileWatching<T>(base: string, pid: number, work: () => Promise<T>): Promise<{ result: T; figures: WatchFigures }> {
  const watch = watchServer(base, pid);
  try {
    const result = await work();
    return { result, figures: await watch.stop() };
  } catch (error) {
    await watch.stop();
    throw error;
  }
}
