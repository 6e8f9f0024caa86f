// Scheduled releases: release times are written and shown in the author's time zone (the
// profile's `time_zone`), whatever zone the browser or the server runs in. Shared by the admin,
// the server and the static pages.
import { TZDate } from '@date-fns/tz';

/** Release days and time: weekdays 0 (Sunday) to 6, time 'HH:MM', both in the author's zone. */
export interface ReleaseSchedule {
  weekdays: number[];
  time: string;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether `name` is a time zone this runtime knows (IANA names such as Europe/Berlin, or UTC). */
export function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A calendar date and a time of day on the author's wall clock. */
export interface WallTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
}

/**
 * The instant a wall-clock time in `zone` names. A time that a daylight-saving change skips
 * (02:30 on the spring-forward night) moves forward by the gap, as clocks do.
 */
export function wallTimeToInstant({ date, time }: WallTime, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, zone).getTime());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date and time of `instant` in `zone` (to prefill the admin's inputs). */
export function instantToWallTime(instant: Date, zone: string): WallTime {
  const local = new TZDate(instant.getTime(), zone);
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

/**
 * The next `count` release times of a schedule strictly after `after`, in order: each chosen
 * weekday at the schedule's time in `zone`.
 */
export function nextReleaseTimes(schedule: ReleaseSchedule, zone: string, after: Date, count: number): Date[] {
  const times: Date[] = [];
  if (schedule.weekdays.length === 0 || count <= 0) return times;
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  const start = new TZDate(after.getTime(), zone);
  // A week holds every chosen weekday once, so count weeks (and one more for today) always suffice.
  for (let offset = 0; times.length < count && offset <= 7 * (count + 1); offset++) {
    const day = new TZDate(start.getFullYear(), start.getMonth(), start.getDate() + offset, hours, minutes, zone);
    if (schedule.weekdays.includes(day.getDay()) && day.getTime() > after.getTime()) times.push(new Date(day.getTime()));
  }
  return times;
}

/** 'Tuesday, November 24, 2026 at 6:00 PM GMT+1': the instant on the author's clock, zone named. */
export function formatReleaseTime(instant: Date | string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/** 'Tuesdays and Fridays at 18:00': a schedule in words, for the admin. */
export function describeSchedule(schedule: ReleaseSchedule): string {
  const days = [...schedule.weekdays].sort((a, b) => a - b).map((day) => `${WEEKDAY_NAMES[day]}s`);
  const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : (days[0] ?? '');
  return `${list} at ${schedule.time}`;
}
