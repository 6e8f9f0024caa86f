// Unpacking an entry stops at the size the zip's directory declared, inside the inflater's data
// callback (a zip bomb costs at most one step past its budget, not its whole output), and gives
// the event loop a turn every few milliseconds, so an import does not stall the server.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ArchiveSource, bytesSource, readZipDirectory } from './zip-directory.ts';
import { readEntry, streamEntry } from './zip-entry.ts';

const MB = 1024 * 1024;

async function zeroEntry(megabytes: number) {
  const source = bytesSource(zipSync({ 'zeros.json': new Uint8Array(megabytes * MB) }, { level: 9 }));
  const [entry] = await readZipDirectory(source);
  return { source, entry: entry! };
}

describe('streamEntry', () => {
  it('stops a zip bomb within one step of its declared size', async () => {
    const { source, entry } = await zeroEntry(256);
    let read = 0;
    const counting: ArchiveSource = {
      size: source.size,
      read: (offset, length) => {
        read += length;
        return source.read(offset, length);
      },
    };
    let produced = 0;
    const lie = { ...entry, size: 1000 };
    const consume = (chunk: Uint8Array) => {
      produced += chunk.byteLength;
    };
    await expect(streamEntry(counting, lie, consume)).rejects.toThrow('an entry unpacks to more than its declared size');
    expect(produced).toBe(0); // the oversized step never reaches the caller
    expect(read).toBeLessThan(16 * 1024); // of the ~250 KB of compressed data
  });

  it('gives the event loop turns all along, not once at the end', async () => {
    const { source, entry } = await zeroEntry(256);
    let last = performance.now();
    const gaps: number[] = [];
    const ticker = setInterval(() => {
      gaps.push(performance.now() - last);
      last = performance.now();
    }, 1);
    try {
      const bytes = await readEntry(source, entry);
      expect(bytes.byteLength).toBe(256 * MB);
    } finally {
      clearInterval(ticker);
    }
    // Inflating 256 MB takes seconds: a turn every ~20 ms of work. The median, not the longest gap,
    // is asserted: on a loaded machine the scheduler alone pauses a process for longer.
    expect(gaps.length).toBeGreaterThan(20);
    expect(gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeLessThan(50);
  }, 30_000);
});
