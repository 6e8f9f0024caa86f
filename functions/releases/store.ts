// Scheduled chapters: a draft with a release time. Releasing publishes every chapter whose time
// has come, as of the instant given (never the database's own clock, so tests control time).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import type { ReleaseSchedule } from '#lib/releases.ts';
import { revisionStore } from '#functions/revisions/store.ts';

type Db = Kysely<Database>;

export interface ReleasedChapter {
  id: number;
  story_id: number;
  chapter_number: number;
}

export const releaseStore = {
  /**
   * Publishes the scheduled chapters due at `now`, each with a 'release' revision, all at once. A
   * chapter's updated_at (and published_at, unless it was published before) becomes its release
   * time, so feeds date it from when it came out, not from when it was last edited.
   */
  async releaseDue(db: Db, now: Date): Promise<ReleasedChapter[]> {
    return db.transaction().execute(async (trx) => {
      const released = await trx
        .updateTable('chapters')
        .set({ status: 'published', updated_at: sql`release_at`, published_at: sql`coalesce(published_at, release_at)`, release_at: null })
        .where('status', '=', 'draft')
        .where('release_at', '<=', now)
        .returning(['id', 'story_id', 'chapter_number', 'title', 'content'])
        .execute();
      for (const chapter of released) await revisionStore.keep(trx, chapter.id, 'release', chapter, null);
      return released.map(({ id, story_id, chapter_number }) => ({ id, story_id, chapter_number }));
    });
  },

  /** The earliest release time still ahead (or overdue), or null when nothing is scheduled. */
  async nextReleaseAt(db: Db): Promise<Date | null> {
    const row = await db
      .selectFrom('chapters')
      .select((eb) => eb.fn.min('release_at').as('next'))
      .where('status', '=', 'draft')
      .where('release_at', 'is not', null)
      .executeTakeFirst();
    return row?.next ? new Date(row.next) : null;
  },

  /** The story's drafts without a release time, in reading order, and its latest release time. */
  async unscheduledDrafts(
    db: Db,
    storyId: number,
  ): Promise<{ drafts: { id: number; chapter_number: number }[]; lastReleaseAt: Date | null }> {
    const drafts = await db
      .selectFrom('chapters')
      .select(['id', 'chapter_number'])
      .where('story_id', '=', storyId)
      .where('status', '=', 'draft')
      .where('release_at', 'is', null)
      .orderBy('chapter_number')
      .execute();
    const latest = await db
      .selectFrom('chapters')
      .select((eb) => eb.fn.max('release_at').as('last'))
      .where('story_id', '=', storyId)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    return { drafts, lastReleaseAt: latest?.last ? new Date(latest.last) : null };
  },

  /** Saves the story's schedule and gives each chapter its release time, all or nothing. */
  async saveSchedule(
    db: Db,
    storyId: number,
    schedule: ReleaseSchedule | null,
    releases: { id: number; release_at: Date }[],
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('stories')
        .set({ release_schedule: schedule === null ? null : JSON.stringify(schedule), updated_at: sql`now()` })
        .where('id', '=', storyId)
        .execute();
      for (const { id, release_at } of releases) {
        // Only a chapter that is still an unscheduled draft: a save in between wins.
        await trx
          .updateTable('chapters')
          .set({ release_at, updated_at: sql`now()` })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .where('release_at', 'is', null)
          .execute();
      }
    });
  },
};
