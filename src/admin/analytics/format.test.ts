import { describe, expect, it } from 'vitest';
import {
  dailyChartSummary,
  dayLabel,
  formatCount,
  formatCountOf,
  formatPercent,
  formatSeconds,
  fullDayLabel,
  periodLabel,
  SEGMENT_LABELS,
} from './format.ts';

describe('numbers', () => {
  it('writes counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('names the noun in the singular only for one', () => {
    expect(formatCountOf(1, 'view')).toBe('1 view');
    expect(formatCountOf(0, 'view')).toBe('0 views');
    expect(formatCountOf(12345, 'reader')).toBe('12,345 readers');
  });

  it("writes percentages with one decimal, and '—' when there is no depth", () => {
    expect(formatPercent(42.25)).toBe('42.3%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('—');
  });

  it("writes seconds with one decimal, and '—' when no time was sent", () => {
    expect(formatSeconds(75.04)).toBe('75.0');
    expect(formatSeconds(1234.56)).toBe('1,234.6');
    expect(formatSeconds(null)).toBe('—');
  });
});

describe('UTC days', () => {
  it('labels a day by its UTC date, whatever the time zone of the machine', () => {
    expect(dayLabel('2026-03-05')).toBe('Mar 5');
    expect(dayLabel('2026-12-31')).toBe('Dec 31');
    expect(dayLabel('2027-01-01')).toBe('Jan 1');
    expect(fullDayLabel('2026-03-05')).toBe('Thu, Mar 5, 2026');
  });

  it('names periods and segments readably', () => {
    expect(periodLabel(7)).toBe('Last 7 days');
    expect(periodLabel(365)).toBe('Last 365 days');
    expect(SEGMENT_LABELS.hour).toBe('Hour (UTC)');
    expect(SEGMENT_LABELS.day_of_week).toBe('Day of week (UTC)');
  });
});

describe('dailyChartSummary', () => {
  it('sums the period and names its busiest day', () => {
    const daily = [
      { day: '2026-03-04', views: 3, unique_visitors: 2 },
      { day: '2026-03-05', views: 1200, unique_visitors: 1 },
      { day: '2026-03-06', views: 7, unique_visitors: 4 },
    ];
    expect(dailyChartSummary(daily)).toBe(
      'Daily views and unique visitors over 3 UTC days: 1,210 views and 7 unique visitors in all; most views on Thu, Mar 5, 2026 (1,200).',
    );
  });

  it('says nothing of a busiest day when nobody came', () => {
    expect(dailyChartSummary([{ day: '2026-03-04', views: 0, unique_visitors: 0 }])).toBe(
      'Daily views and unique visitors over 1 UTC day: 0 views and 0 unique visitors in all.',
    );
  });
});
