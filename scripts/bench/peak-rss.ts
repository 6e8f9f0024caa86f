// Peak resident memory of a process tree (this process's astro build, or a server and its builds),
// sampled from /proc: Linux only, which is what the benchmarks run on.
import fs from 'node:fs';

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Resident and peak-resident kilobytes of a process (VmRSS, VmHWM), or null when it is gone. */
export function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return null;
  }
}

/**
 * Proportional set size of a process in kilobytes (smaps_rollup): its private memory plus its
 * share of pages it shares with others (the Node binary's code, mapped by every Node process), so
 * the sum over processes counts each page once. 0 when it is gone.
 */
export function proportionalMemoryOf(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Samples the processes `roots()` names and everything below them until stopped; returns the
 * largest single process (resident memory), and the largest tree totals, in MB: the sum of
 * proportional memory (each shared page once: what the processes take from the machine) and the
 * sum of resident memory (shared pages once per process that maps them). A process that was
 * already running when the watch began counts with its sampled resident memory, so its peak from
 * before the watch is left out; one started during the watch counts with its own peak.
 */
function watchMemory(roots: () => number[], intervalMs: number) {
  let largestProcess = 0;
  let largestTree = 0;
  let largestTreePss = 0;
  let phaseTreePss = 0;
  let before: Set<number> | null = null;
  const sample = () => {
    const seen = new Set<number>();
    let tree = 0;
    let treePss = 0;
    const pending = roots();
    while (pending.length > 0) {
      const pid = pending.pop()!;
      const memory = memoryOf(pid);
      if (!memory) continue;
      seen.add(pid);
      largestProcess = Math.max(largestProcess, before && !before.has(pid) ? memory.peak : memory.rss);
      tree += memory.rss;
      treePss += proportionalMemoryOf(pid);
      pending.push(...childrenOf(pid));
    }
    before ??= seen;
    largestTree = Math.max(largestTree, tree);
    largestTreePss = Math.max(largestTreePss, treePss);
    phaseTreePss = Math.max(phaseTreePss, treePss);
  };
  sample();
  // Never what keeps a benchmark running after it failed.
  const timer = setInterval(sample, intervalMs).unref();
  return {
    /** The largest tree total (proportional, MB) since the watch began or the last call: one phase's peak. */
    phase() {
      sample();
      const peak = phaseTreePss / 1024;
      phaseTreePss = 0;
      return peak;
    },
    stop() {
      clearInterval(timer);
      sample();
      return { processPeakMb: largestProcess / 1024, treePeakMb: largestTree / 1024, treePeakPssMb: largestTreePss / 1024 };
    },
  };
}

/** The process tree under this process (the astro build a benchmark runs itself). */
export const watchChildMemory = (intervalMs = 50) => watchMemory(() => childrenOf(process.pid), intervalMs);

/** A server process and everything it starts (its builds), from outside. */
export const watchProcessTree = (pid: number, intervalMs = 100) => watchMemory(() => [pid], intervalMs);
