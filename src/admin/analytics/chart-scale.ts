// The arithmetic of the dashboard's daily chart, kept apart from React so it can be tested.
// The chart draws in a viewBox of one unit per day across and 0-100 down (y grows downwards),
// stretched to the box it is in; its labels are HTML placed at the same percentages, so they stay
// readable at any width.

/** Height of the drawing in viewBox units: values map onto 0-100. */
export const PLOT_HEIGHT = 100;

export interface AxisScale {
  /** The value at the top of the chart: a round number at or above the highest value. */
  top: number;
  /** Gridline values from 0 to top, evenly spaced round numbers. */
  ticks: number[];
}

/** The round step (1, 2 or 5 times a power of ten, at least 1: counts are whole) nearest above `raw`. */
export function roundStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** A scale of about `gridlines` steps that holds `highest`; an empty period still gets 0 and 1. */
export function axisScale(highest: number, gridlines = 4): AxisScale {
  const step = roundStep(highest / gridlines);
  const top = Math.max(step, Math.ceil(highest / step) * step);
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}

/** Where a value sits, in viewBox units from the top. */
export function yFor(value: number, top: number): number {
  return PLOT_HEIGHT - (Math.max(0, value) / top) * PLOT_HEIGHT;
}

/** A value's height as a percentage of the chart, for HTML labels beside the drawing. */
export function percentFromBottom(value: number, top: number): number {
  return (Math.max(0, value) / top) * 100;
}

/** The points of a line through each day's middle: 'x,y x,y …'. */
export function linePoints(values: readonly number[], top: number): string {
  return values.map((value, day) => `${day + 0.5},${round(yFor(value, top))}`).join(' ');
}

/** A filled area under the line, closed along the bottom: for periods too long for bars. */
export function areaPath(values: readonly number[], top: number): string {
  if (values.length === 0) return '';
  const last = values.length - 0.5;
  return `M0.5,${PLOT_HEIGHT} L${linePoints(values, top).replaceAll(' ', ' L')} L${last},${PLOT_HEIGHT} Z`;
}

/**
 * Which days get a label under the chart: evenly spaced, the first always, at most `most` of
 * them, so a year stays as readable on a phone as a week.
 */
export function labelledDays(count: number, most: number): number[] {
  const every = Math.max(1, Math.ceil(count / most));
  const days: number[] = [];
  for (let day = 0; day < count; day += every) days.push(day);
  return days;
}

/** Each value as a share of the largest (0 to 1), for bars that compare rows with each other. */
export function shareOfLargest(values: readonly number[]): number[] {
  const largest = Math.max(0, ...values);
  return values.map((value) => (largest > 0 ? value / largest : 0));
}

/** Bars stay readable up to about three months; a year is drawn as an area. */
export const MOST_BARS = 90;

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
