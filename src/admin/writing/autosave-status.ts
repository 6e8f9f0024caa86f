// The words of the editor's autosave status line and the times it shows, on the author's clock
// (the profile's time zone, as every time in the admin).
import type { AutosaveState } from './autosave-scheduler.ts';

const KEPT = 'kept on this device';

/** '12:04:31' (or '12:04' without seconds): 24-hour time of `iso` in `zone`. */
export function clockTime(iso: string, zone: string, withSeconds = true): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    timeZone: zone,
  }).format(new Date(iso));
}

/** '12:04' today, '25 Nov 12:04' another day, '25 Nov 2025 12:04' another year (on the author's clock). */
export function shortTime(iso: string, zone: string, now = new Date()): string {
  const parts = (date: Date) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone }).format(date);
  const [then, today] = [parts(new Date(iso)), parts(now)];
  const time = clockTime(iso, zone, false);
  if (then === today) return time;
  const sameYear = then.slice(-4) === today.slice(-4);
  return `${sameYear ? then.slice(0, -5) : then} ${time}`;
}

export function autosaveStatusText(state: AutosaveState, zone: string): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved ${clockTime(state.savedAt, zone)}`;
    case 'offline':
      return `Not saved: offline, ${KEPT}`;
    case 'signed-out':
      return `Not saved: signed out, ${KEPT}`;
    case 'failed':
      return `Not saved: ${state.message.replace(/\.$/, '')}; ${KEPT}`;
  }
}
