// Peak resident memory of this process's child processes (the astro build), sampled from
// /proc: Linux only, which is what the benchmarks run on.
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

/** Samples the process tree under this process until stopped; returns the largest single-process peak and tree total, in MB. */
export function watchChildMemory(intervalMs = 50) {
  let largestProcess = 0;
  let largestTree = 0;
  const sample = () => {
    let tree = 0;
    const pending = childrenOf(process.pid);
    while (pending.length > 0) {
      const pid = pending.pop()!;
      const memory = memoryOf(pid);
      if (!memory) continue;
      largestProcess = Math.max(largestProcess, memory.peak);
      tree += memory.rss;
      pending.push(...childrenOf(pid));
    }
    largestTree = Math.max(largestTree, tree);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { processPeakMb: largestProcess / 1024, treePeakMb: largestTree / 1024 };
    },
  };
}
