import { describe, expect, it } from 'vitest';
import { describeSchedule, formatReleaseTime, instantToWallTime, isTimeZone, nextReleaseTimes, wallTimeToInstant } from './releases.ts';

describe('release times in the author’s time zone', () => {
  it('turns a wall-clock time into the instant, across daylight saving', () => {
    expect(wallTimeToInstant({ date: '2026-11-24', time: '18:00' }, 'Europe/Berlin').toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(wallTimeToInstant({ date: '2026-07-14', time: '18:00' }, 'Europe/Berlin').toISOString()).toBe('2026-07-14T16:00:00.000Z');
    expect(wallTimeToInstant({ date: '2026-11-24', time: '18:00' }, 'America/New_York').toISOString()).toBe('2026-11-24T23:00:00.000Z');
    // 02:30 does not exist on the spring-forward night: the clock reads 03:30 then.
    expect(wallTimeToInstant({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads an instant back as the author’s wall clock', () => {
    expect(instantToWallTime(new Date('2026-11-24T23:00:00Z'), 'America/New_York')).toEqual({ date: '2026-11-24', time: '18:00' });
    expect(instantToWallTime(new Date('2026-11-24T23:30:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-25', time: '05:00' });
  });

  it('gives the next weekday slots strictly after a time, in order', () => {
    const schedule = { weekdays: [2, 5], time: '18:00' };
    const sundayNoon = new Date('2026-11-22T12:00:00Z');
    expect(nextReleaseTimes(schedule, 'UTC', sundayNoon, 3).map((d) => d.toISOString())).toEqual([
      '2026-11-24T18:00:00.000Z',
      '2026-11-27T18:00:00.000Z',
      '2026-12-01T18:00:00.000Z',
    ]);
    // A slot at exactly `after` is taken already; the next one follows.
    expect(nextReleaseTimes(schedule, 'UTC', new Date('2026-11-24T18:00:00Z'), 1)[0]!.toISOString()).toBe('2026-11-27T18:00:00.000Z');
  });

  it('keeps 18:00 on the author’s clock when daylight saving ends between two releases', () => {
    const times = nextReleaseTimes({ weekdays: [6], time: '18:00' }, 'Europe/Berlin', new Date('2026-10-20T00:00:00Z'), 2);
    expect(times.map((d) => d.toISOString())).toEqual(['2026-10-24T16:00:00.000Z', '2026-10-31T17:00:00.000Z']);
  });

  it('gives nothing for a schedule without days', () => {
    expect(nextReleaseTimes({ weekdays: [], time: '18:00' }, 'UTC', new Date(), 3)).toEqual([]);
  });

  it('names the zone when it shows a time, and says a schedule in words', () => {
    expect(formatReleaseTime('2026-11-24T17:00:00Z', 'Europe/Berlin')).toBe('Tuesday, November 24, 2026 at 6:00 PM GMT+1');
    expect(describeSchedule({ weekdays: [5, 2], time: '18:00' })).toBe('Tuesdays and Fridays at 18:00');
    expect(describeSchedule({ weekdays: [1, 3, 5], time: '07:30' })).toBe('Mondays, Wednesdays and Fridays at 07:30');
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
