// The export's file name carries the day in the author's time zone (author-site-2026-11-22.zip),
// so an export made just after midnight in Berlin is not named after yesterday.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';

export function archiveDay(now: Date, timeZone: string): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10); // a zone this runtime does not know: UTC
  }
}

export async function archiveFileName(db: Kysely<Database>, now: Date): Promise<string> {
  const profile = await db.selectFrom('author_profile').select('time_zone').executeTakeFirst();
  return `author-site-${archiveDay(now, profile?.time_zone ?? 'UTC')}.zip`;
}
