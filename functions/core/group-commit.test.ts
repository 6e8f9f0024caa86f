import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

describe('groupCommit', () => {
  it('writes calls that arrive together in one batch, each caller getting its own result', async () => {
    const batches: number[][] = [];
    const double = groupCommit(async (items: number[]) => {
      batches.push(items);
      return items.map((item) => item * 2);
    });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('queues calls made during a write for the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items;
    });
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve)); // the first batch is being written
    const later = [write(2), write(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('writes a failed batch again item by item, so only the bad item fails', async () => {
    const write = groupCommit(async (items: number[]) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items;
    });
    const results = await Promise.allSettled([write(1), write(13), write(2)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
