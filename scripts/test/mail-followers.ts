// A data folder whose database holds a story with `followers` confirmed followers and one chapter,
// written before the server starts (the embedded database has one process at a time). Published,
// the chapter is not announced yet: the server started on it with SMTP_URL sends the release. A
// draft waits for the author (or a benchmark) to publish it. For the crash test
// (scripts/server/mail-crash.test.ts) and bench:mail.
import { sql } from 'kysely';
import type { ChapterStatus } from '#lib/stories.ts';
import { readConfig } from '#scripts/config.ts';
import { openDatabase } from '#scripts/server/open-database.ts';

/** Prepares `dataDir`; resolves to the chapter's id. */
export async function prepareFollowers(dataDir: string, followers: number, status: ChapterStatus = 'published'): Promise<number> {
  const database = await openDatabase(readConfig({ DATA_DIR: dataDir }));
  try {
    const db = database.db;
    const { id: storyId } = await db
      .insertInto('stories')
      .values({ slug: 'the-lantern-fleet', title: 'The Lantern Fleet', status: 'published' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('chapters')
      .values({
        story_id: storyId,
        chapter_number: 1,
        slug: 'one',
        title: 'The Gate',
        content: 'The gate opened.',
        status,
        ...(status === 'published' && { published_at: new Date() }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into subscribers (email, story_id, status, confirmed_at)
      select 'reader' || i || '@example.com', ${storyId}, 'confirmed', now() from generate_series(1, ${followers}) as i`.execute(db);
    return id;
  } finally {
    await database.close();
  }
}
