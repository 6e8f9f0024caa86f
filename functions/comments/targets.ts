// What readers like and comment on ("targets"): whether they may see the thing an id names.
// Comments and likes share this (likes import it from here): chapters and gallery images.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { foreignKeyViolation } from '#core/db-errors.ts';
import { AppError } from '#core/errors.ts';

type Db = Kysely<Database>;

export interface ReaderTarget {
  /** Throws 404 unless readers may see the thing with this id. */
  assertReadable(db: Db, id: number): Promise<void>;
  /**
   * Runs a like or comment insert. The thing may be deleted between the check and the insert; the
   * foreign key then refuses the row, which answers the same 404 instead of a 500.
   */
  write<T>(insert: () => Promise<T>): Promise<T>;
}

function readerTarget(notFoundMessage: string, isReadable: (db: Db, id: number) => Promise<boolean>): ReaderTarget {
  return {
    async assertReadable(db, id) {
      if (!(await isReadable(db, id))) throw new AppError(404, notFoundMessage);
    },
    async write(insert) {
      try {
        return await insert();
      } catch (error) {
        if (foreignKeyViolation(error) !== null) throw new AppError(404, notFoundMessage);
        throw error;
      }
    },
  };
}

/** A published chapter of a published story: what the reader pages show (drafts and archives are hidden). */
export const chapterTarget = readerTarget('Chapter not found.', async (db, id) => {
  const row = await db
    .selectFrom('chapters')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .select('chapters.id')
    .where('chapters.id', '=', id)
    .where('chapters.status', '=', 'published')
    .where('stories.status', '=', 'published')
    .executeTakeFirst();
  return row !== undefined;
});

/** A gallery image: every gallery is public (X galleries sit behind the pages' age gate), so an image is readable when it exists. */
export const imageTarget = readerTarget('Image not found.', async (db, id) => {
  const row = await db.selectFrom('gallery_images').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
});
