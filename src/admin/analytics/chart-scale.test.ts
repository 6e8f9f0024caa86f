import { describe, expect, it } from 'vitest';
import { areaPath, axisScale, labelledDays, linePoints, percentFromBottom, roundStep, shareOfLargest, yFor } from './chart-scale.ts';

describe('axisScale', () => {
  it('rounds steps to 1, 2 or 5 times a power of ten, never below one (counts are whole)', () => {
    expect([0, 0.3, 1, 1.5, 3, 7, 34.25, 120, 4000].map(roundStep)).toEqual([1, 1, 1, 2, 5, 10, 50, 200, 5000]);
  });

  it('puts the top at a round number at or above the highest value, with even gridlines from 0', () => {
    expect(axisScale(137)).toEqual({ top: 150, ticks: [0, 50, 100, 150] });
    expect(axisScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(axisScale(100)).toEqual({ top: 100, ticks: [0, 50, 100] });
  });

  it('still draws 0 and 1 for a period nobody visited', () => {
    expect(axisScale(0)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it('keeps a year of large numbers to a handful of gridlines', () => {
    const { top, ticks } = axisScale(987654);
    expect(top).toBeGreaterThanOrEqual(987654);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });
});

describe('positions', () => {
  it('maps values onto 0-100 from the bottom, clamping negatives to the baseline', () => {
    expect(yFor(0, 10)).toBe(100);
    expect(yFor(10, 10)).toBe(0);
    expect(yFor(5, 10)).toBe(50);
    expect(yFor(-3, 10)).toBe(100);
    expect(percentFromBottom(5, 20)).toBe(25);
  });

  it('draws the line through the middle of each day', () => {
    expect(linePoints([0, 5, 10], 10)).toBe('0.5,100 1.5,50 2.5,0');
  });

  it('closes the area along the bottom', () => {
    expect(areaPath([0, 10], 10)).toBe('M0.5,100 L0.5,100 L1.5,0 L1.5,100 Z');
    expect(areaPath([], 10)).toBe('');
  });
});

describe('labelledDays', () => {
  it('labels every day of a week', () => {
    expect(labelledDays(7, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('labels at most the given number of evenly spaced days, the first always', () => {
    expect(labelledDays(30, 6)).toEqual([0, 5, 10, 15, 20, 25]);
    for (const days of [7, 30, 90, 365]) {
      const labelled = labelledDays(days, 6);
      expect(labelled[0]).toBe(0);
      expect(labelled.length).toBeLessThanOrEqual(6);
      expect(labelled.at(-1)).toBeLessThan(days);
    }
  });
});

describe('shareOfLargest', () => {
  it('gives each value as a share of the largest, and zeros when all are zero', () => {
    expect(shareOfLargest([10, 5, 0])).toEqual([1, 0.5, 0]);
    expect(shareOfLargest([0, 0])).toEqual([0, 0]);
    expect(shareOfLargest([])).toEqual([]);
  });
});
