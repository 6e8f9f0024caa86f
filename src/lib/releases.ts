// Scheduled releases: a story's recurring schedule, written in the author's time zone.

/** Release days and time: weekdays 0 (Sunday) to 6, time 'HH:MM', both in the author's zone. */
export interface ReleaseSchedule {
  weekdays: number[];
  time: string;
}

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
