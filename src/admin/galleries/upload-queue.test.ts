import { describe, expect, it } from 'vitest';
import { runLimited } from './upload-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runLimited', () => {
  it('runs every item once, never more than the limit at a time, in order', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await runLimited([10, 11, 12, 13, 14, 15, 16], 3, async (item) => {
      started.push(item);
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
    });
    expect(started).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(peak).toBe(3);
  });

  it('keeps going after a slow item and does nothing for no items', async () => {
    const done: number[] = [];
    await runLimited([0, 1, 2], 2, async (item) => {
      if (item === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      done.push(item);
    });
    expect(done).toEqual([1, 2, 0]);
    let calls = 0;
    await runLimited([], 3, async () => void calls++);
    expect(calls).toBe(0);
  });

  it('treats a limit below one as one', async () => {
    const order: number[] = [];
    await runLimited([1, 2], 0, async (item) => void order.push(item));
    expect(order).toEqual([1, 2]);
  });
});
