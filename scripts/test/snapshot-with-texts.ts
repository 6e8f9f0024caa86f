// The content index with every chapter's text inside it, for tests that build sites, books or
// indexes from the database and change chapters in memory first (read them with textOfTestChapter).
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { chapterTextReader, readContentSnapshot } from '#functions/site/snapshot.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';

export async function readSnapshotWithTexts(db: Kysely<Database>, now = new Date()): Promise<ContentSnapshot> {
  const snapshot = await readContentSnapshot(db, now);
  const readText = chapterTextReader(db);
  for (const story of snapshot.stories)
    story.chapters = await Promise.all(story.chapters.map(async (chapter) => ({ ...chapter, ...(await readText(chapter)) })));
  return snapshot;
}
