// A chapter's autosaved working copy: one per chapter, replaced by each autosave, dropped when
// the chapter itself is saved with its title or text (docs/product.md, Autosave, conflicts and revisions).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';

type Db = Kysely<Database>;

export interface Autosave {
  title: string;
  content: string;
  saved_at: string;
}

export const autosaveStore = {
  /** Replaces the chapter's working copy; returns when it was saved. */
  async save(db: Db, chapterId: number, text: { title: string; content: string }, by: number): Promise<Date> {
    const { saved_at } = await db
      .insertInto('chapter_autosaves')
      .values({ chapter_id: chapterId, title: text.title, content: text.content, saved_by: by, saved_at: sql`now()` })
      .onConflict((oc) =>
        oc.column('chapter_id').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          content: eb.ref('excluded.content'),
          saved_by: eb.ref('excluded.saved_by'),
          saved_at: eb.ref('excluded.saved_at'),
        })),
      )
      .returning('saved_at')
      .executeTakeFirstOrThrow();
    return saved_at;
  },

  async find(db: Db, chapterId: number): Promise<Autosave | null> {
    const row = await db
      .selectFrom('chapter_autosaves')
      .select(['title', 'content', 'saved_at'])
      .where('chapter_id', '=', chapterId)
      .executeTakeFirst();
    return row ? { ...row, saved_at: row.saved_at.toISOString() } : null;
  },

  async drop(db: Db, chapterId: number): Promise<void> {
    await db.deleteFrom('chapter_autosaves').where('chapter_id', '=', chapterId).execute();
  },
};
