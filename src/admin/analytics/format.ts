// How the Analytics Dashboard writes its numbers and names. English formats fixed to
// en-US so the screen reads the same on every device; every day is a UTC day
// (docs/decisions/0010-analytics-daily-rollups.md), so no date here may slip into local time.
import type { AnalyticsPeriod, AudienceSegment, ContentKind, DailyVisits, Percent } from '#lib/analytics-report.ts';

/** Shown where a number does not exist (no depth or time was ever sent). */
export const NO_VALUE = '—';

const counts = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 12345 → '12,345'. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A count with its noun: (1, 'view') → '1 view', (1204, 'view') → '1,204 views'. */
export function formatCountOf(value: number, noun: string): string {
  return `${formatCount(value)} ${value === 1 ? noun : `${noun}s`}`;
}

/** A percentage from 0 to 100 with one decimal: 42.25 → '42.3%'; null → '—'. */
export function formatPercent(value: Percent): string {
  return value === null ? NO_VALUE : `${oneDecimal.format(value)}%`;
}

/** Seconds with one decimal (the table's heading names the unit): 75.04 → '75.0'; null → '—'. */
export function formatSeconds(value: number | null): string {
  return value === null ? NO_VALUE : oneDecimal.format(value);
}

function utcDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** An axis label for a UTC day, 'YYYY-MM-DD' → 'Mar 5'. */
export function dayLabel(day: string): string {
  return shortDay.format(utcDate(day));
}

/** The full day for tables and screen readers: 'Thu, Mar 5, 2026'. */
export function fullDayLabel(day: string): string {
  return longDay.format(utcDate(day));
}

export function periodLabel(days: AnalyticsPeriod): string {
  return `Last ${days} days`;
}

/** What the daily chart shows, in words, for screen readers (its numbers are in a table below it). */
export function dailyChartSummary(daily: readonly DailyVisits[]): string {
  const views = daily.reduce((sum, day) => sum + day.views, 0);
  const visitors = daily.reduce((sum, day) => sum + day.unique_visitors, 0);
  const words = `Daily views and unique visitors over ${formatCountOf(daily.length, 'UTC day')}: ${formatCountOf(views, 'view')} and ${formatCountOf(visitors, 'unique visitor')} in all`;
  const busiest = daily.reduce<DailyVisits | null>((best, day) => (day.views > (best?.views ?? 0) ? day : best), null);
  return busiest ? `${words}; most views on ${fullDayLabel(busiest.day)} (${formatCount(busiest.views)}).` : `${words}.`;
}

export const SEGMENT_LABELS: Record<AudienceSegment, string> = {
  device: 'Device',
  browser: 'Browser',
  referrer: 'Referrer',
  hour: 'Hour (UTC)',
  day_of_week: 'Day of week (UTC)',
  content_type: 'Content type',
};

export const CONTENT_LABELS: Record<ContentKind, string> = {
  stories: 'Stories',
  chapters: 'Chapters',
  galleries: 'Galleries',
  pages: 'Pages',
};
