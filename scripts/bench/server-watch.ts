// What other visitors go through while the server handles something heavy or hostile: a stream of
// ordinary requests (an API call and the landing page, alternately, one every PROBE_EVERY_MS whether
// or not the previous one answered, so a stalled server piles them up) and the server process's
// resident memory, sampled from /proc. The requests are sent from a worker thread, so the load this
// process makes (building and sending hostile bodies) does not delay them and count as the server's.
// Linux only, which is what the benchmarks run on.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
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

type ProbeFigures = Pick<WatchFigures, 'longestWaitMs' | 'medianWaitMs' | 'probes' | 'failedProbes'>;

/** The worker thread: probes `base` until told to stop, then waits for the probes still out and reports. */
function probeUntilStopped(base: string): void {
  const waits: number[] = [];
  const pending = new Set<Promise<void>>();
  let failedProbes = 0;
  let sent = 0;
  const probe = () => {
    const started = performance.now();
    const done = fetch(base + PROBE_PATHS[sent++ % PROBE_PATHS.length]!)
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
  const timer = setInterval(probe, PROBE_EVERY_MS);
  parentPort!.once('message', async () => {
    clearInterval(timer);
    await Promise.all(pending);
    const figures: ProbeFigures = {
      longestWaitMs: Math.max(0, ...waits),
      medianWaitMs: percentile(
        [...waits].sort((a, b) => a - b),
        50,
      ),
      probes: waits.length,
      failedProbes,
    };
    parentPort!.postMessage(figures);
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'probe') probeUntilStopped((workerData as { base: string }).base);

/** Starts probing `base` and sampling `pid`; `stop()` waits for the probes still out, then reports. */
export function watchServer(base: string, pid: number) {
  const prober = new Worker(new URL(import.meta.url), { workerData: { role: 'probe', base } });
  const probed = new Promise<ProbeFigures>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  const startRss = memoryOf(pid)?.rss ?? 0;
  let peakRss = startRss;
  const memoryTimer = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid)?.rss ?? 0);
  }, MEMORY_EVERY_MS);

  return {
    async stop(): Promise<WatchFigures> {
      prober.postMessage('stop');
      const figures = await probed;
      clearInterval(memoryTimer);
      await prober.terminate();
      return { ...figures, peakRssMb: peakRss / 1024, startRssMb: startRss / 1024 };
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
