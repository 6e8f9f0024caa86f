import { describe, expect, it } from 'vitest';
import { AUTOSAVE_REVISIONS_KEPT, autosaveRevisionsToDrop } from './thinning.ts';

const MINUTE = 60_000;
/** `count` revisions `gap` apart, the newest at `newest`, ids from `firstId` (oldest last). */
const series = (count: number, newest: string, gap: number, firstId = 1) =>
  Array.from({ length: count }, (_, i) => ({ id: firstId + i, created_at: new Date(Date.parse(newest) - i * gap) }));

describe('autosaveRevisionsToDrop', () => {
  it('keeps everything up to 50 revisions', () => {
    expect(autosaveRevisionsToDrop([])).toEqual([]);
    expect(autosaveRevisionsToDrop(series(AUTOSAVE_REVISIONS_KEPT, '2026-11-26T23:00:00Z', 10 * MINUTE))).toEqual([]);
  });

  it('drops the oldest beyond 50 within one day, but keeps the newest of each earlier day', () => {
    // 60 revisions ten minutes apart from 23:00 back to 13:10 on one day: the 10 oldest go.
    const oneDay = series(60, '2026-11-26T23:00:00Z', 10 * MINUTE);
    expect(autosaveRevisionsToDrop(oneDay).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => 51 + i));

    // The same, with three older days of three revisions each: only the newest of each day stays.
    const older = [0, 1, 2].flatMap((day) => series(3, `2026-11-2${3 - day}T20:00:00Z`, MINUTE, 100 + day * 10));
    const dropped = autosaveRevisionsToDrop([...older, ...oneDay]);
    expect(dropped).not.toContain(100);
    expect(dropped).not.toContain(110);
    expect(dropped).not.toContain(120);
    expect(dropped).toEqual(expect.arrayContaining([101, 102, 111, 112, 121, 122, 51, 60]));
    expect(dropped).toHaveLength(16);
  });

  it('judges by time, not by the order given, and breaks ties by id', () => {
    const same = new Date('2026-11-26T12:00:00Z');
    const revisions = Array.from({ length: 52 }, (_, i) => ({ id: i + 1, created_at: same })).reverse();
    // All on one day and one instant: the two lowest ids are the oldest.
    expect(autosaveRevisionsToDrop(revisions).sort((a, b) => a - b)).toEqual([1, 2]);
  });
});
