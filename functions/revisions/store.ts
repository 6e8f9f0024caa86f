// A chapter's revisions: its title and text as they were at each manual save, publish, release,
// restore and (at most every 10 minutes) autosave (docs/product.md, Autosave, conflicts and revisions).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { wordCount } from '#lib/chapter-text.ts';
import type { ChapterRevisionKind } from '#lib/stories.ts';
import { autosaveRevisionsToDrop } from './thinning.ts';

type Db = Kysely<Database>;

/** How long an autosave revision stands before the next autosave keeps another. */
export const AUTOSAVE_REVISION_MINUTES = 10;

export interface RevisionText {
  title: string;
  content: string;
}

export interface RevisionSummary {
  id: number;
  created_at: string;
  kind: ChapterRevisionKind;
  word_count: number;
}

export interface Revision extends RevisionSummary, RevisionText {
  chapter_id: number;
}

const toSummary = <R extends { created_at: Date }>(row: R) => ({ ...row, created_at: row.created_at.toISOString() });

export const revisionStore = {
  /** Keeps the text as a revision of `kind`, counted as the public pages count words. */
  async keep(db: Db, chapterId: number, kind: ChapterRevisionKind, text: RevisionText, by: number | null): Promise<void> {
    await db
      .insertInto('chapter_revisions')
      .values({
        chapter_id: chapterId,
        kind,
        title: text.title,
        content: text.content,
        word_count: wordCount(text.content),
        created_by: by,
      })
      .execute();
  },

  /**
   * After an autosave: keeps an autosave revision when the chapter's newest one is 10 minutes old
   * or more (or there is none), then thins the old ones. True when a revision was kept.
   */
  async keepAutosave(db: Db, chapterId: number, text: RevisionText, by: number | null): Promise<boolean> {
    const recent = await db
      .selectFrom('chapter_revisions')
      .select('id')
      .where('chapter_id', '=', chapterId)
      .where('kind', '=', 'autosave')
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${AUTOSAVE_REVISION_MINUTES})`)
      .executeTakeFirst();
    if (recent) return false;
    await revisionStore.keep(db, chapterId, 'autosave', text, by);
    const autosaves = await db
      .selectFrom('chapter_revisions')
      .select(['id', 'created_at'])
      .where('chapter_id', '=', chapterId)
      .where('kind', '=', 'autosave')
      .execute();
    const drop = autosaveRevisionsToDrop(autosaves);
    if (drop.length > 0) await db.deleteFrom('chapter_revisions').where('id', 'in', drop).execute();
    return true;
  },

  /** The chapter's revisions, newest first, without their text. */
  async list(db: Db, chapterId: number): Promise<RevisionSummary[]> {
    const rows = await db
      .selectFrom('chapter_revisions')
      .select(['id', 'created_at', 'kind', 'word_count'])
      .where('chapter_id', '=', chapterId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toSummary);
  },

  async find(db: Db, id: number): Promise<Revision | null> {
    const row = await db
      .selectFrom('chapter_revisions')
      .select(['id', 'chapter_id', 'created_at', 'kind', 'word_count', 'title', 'content'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toSummary(row) : null;
  },
};
