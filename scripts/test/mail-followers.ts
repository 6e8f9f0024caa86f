// A data folder whose database holds a story with `followers` confirmed followers and one chapter
// published and not announced yet, written before the server starts (the embedded database has
// one process at a time). Started on it with SMTP_URL, the server announces and sends the release.
// For the crash test (scripts/server/mail-crash.test.ts) and bench:mail.
import { sql } from 'kysely';
import { announceReleases } from '#functions/mail/announce.ts';
import { readConfig } from '#scripts/config.ts';
import { openDatabase } from '#scripts/server/open-database.ts';

export const followerAddress = (i: number) => `reader${i}@example.com`;

/**
 * Prepares `dataDir`; with `announce`, also hands the release to the outbox here and resolves to
 * how long that took (ms), else to null (the server announces it when it starts).
 */
export async function prepareFollowers(dataDir: string, followers: number, options: { announce?: boolean } = {}): Promise<number | null> {
  const database = await openDatabase(readConfig({ DATA_DIR: dataDir }));
  try {
    const db = database.db;
    const { id: storyId } = await db
      .insertInto('stories')
      .values({ slug: 'the-lantern-fleet', title: 'The Lantern Fleet', status: 'published' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('chapters')
      .values({
        story_id: storyId,
        chapter_number: 1,
        slug: 'one',
        title: 'The Gate',
        content: 'The gate opened.',
        status: 'published',
        published_at: new Date(),
      })
      .execute();
    await sql`insert into subscribers (email, story_id, status, confirmed_at)
      select 'reader' || i || '@example.com', ${storyId}, 'confirmed', now() from generate_series(1, ${followers}) as i`.execute(db);
    if (!options.announce) return null;
    const started = performance.now();
    await announceReleases(db, new Date());
    return performance.now() - started;
  } finally {
    await database.close();
  }
}
