// Chapter queries. Readers get published chapters with their like and approved-comment counts;
// staff get every chapter. Content is sent only for a single chapter: lists carry a preview.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { CHAPTER_PREVIEW_LENGTH } from '#lib/limits.ts';
import type { AdminChapterSummary, Chapter, ChapterRevisionKind, ChapterSummary } from '#lib/stories.ts';
import { autosaveStore } from '#functions/chapters/autosaves/store.ts';
import { revisionStore } from '#functions/chapters/revisions/store.ts';
import type { ChapterCreate, ChapterUpdate } from './schema.ts';
import { keepOldAddresses } from './old-addresses.ts';

/** A chapter save with its release time resolved to an instant (functions/chapters/release-time.ts). */
type Stored<T> = Omit<T, 'release_at'> & { release_at?: Date | null };

type Db = Kysely<Database>;

/** Notes and warnings have defaults: a chapter made from a file has none. */
type NoteFields = 'note_before' | 'note_after' | 'content_warnings';
type NewChapter = Omit<ChapterCreate, NoteFields> & Partial<Pick<ChapterCreate, NoteFields>>;
export interface UpdateOptions {
  /** The chapter's updated_at as the client last saw it (ms precision, as the API gives it). */
  expected?: Date | undefined;
  by?: number | null;
  /** Keeps a revision of this kind whatever changed (a restore). */
  kind?: ChapterRevisionKind;
}
export type UpdateOutcome = 'saved' | 'missing' | 'stale';

const likeCount = (eb: ExpressionBuilder<Database, 'chapters'>) =>
  eb
    .selectFrom('chapter_likes')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('chapter_likes.chapter_id', '=', 'chapters.id')
    .as('like_count');
const commentCount = (eb: ExpressionBuilder<Database, 'chapters'>) =>
  eb
    .selectFrom('chapter_comments')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('chapter_comments.chapter_id', '=', 'chapters.id')
    .where('chapter_comments.status', '=', 'approved')
    .as('comment_count');

/** What must be unique within a story, for the chapter `exceptId` (when it exists already). */
export interface ChapterIdentity {
  number?: number | undefined;
  slug?: string | undefined;
  exceptId?: number | undefined;
}

function selectSummaries(db: Db, storyId: number, publishedOnly: boolean) {
  return db
    .selectFrom('chapters')
    .select(['id', 'chapter_number', 'title', 'status', 'slug', 'updated_at', 'release_at', 'published_at', 'word_count'])
    .select(['note_before', 'note_after', 'content_warnings'])
    .select((eb) => [likeCount(eb), commentCount(eb)])
    .where('story_id', '=', storyId)
    .$if(publishedOnly, (qb) => qb.where('status', '=', 'published'))
    .orderBy('chapter_number');
}

interface SummaryRow {
  id: number;
  chapter_number: number;
  title: string;
  status: ChapterSummary['status'];
  slug: string;
  updated_at: Date;
  release_at: Date | null;
  note_before: string;
  note_after: string;
  content_warnings: string[];
  published_at: Date | null;
  word_count: number;
  like_count: number | null;
  comment_count: number | null;
}

function toSummary(row: SummaryRow): ChapterSummary {
  return {
    id: row.id,
    chapter_number: row.chapter_number,
    title: row.title,
    status: row.status,
    slug: row.slug,
    like_count: row.like_count ?? 0,
    comment_count: row.comment_count ?? 0,
    updated_at: row.updated_at.toISOString(),
    release_at: row.release_at?.toISOString() ?? null,
    note_before: row.note_before,
    note_after: row.note_after,
    content_warnings: row.content_warnings,
    published_at: row.published_at?.toISOString() ?? null,
    word_count: row.word_count,
  };
}

function selectChapters(db: Db) {
  return db
    .selectFrom('chapters')
    .selectAll()
    .select((eb) => [likeCount(eb), commentCount(eb)]);
}

function toChapter(row: Awaited<ReturnType<ReturnType<typeof selectChapters>['executeTakeFirst']>>): Chapter | null {
  if (!row) return null;
  return { ...toSummary(row), story_id: row.story_id, content: row.content, created_at: row.created_at.toISOString() };
}

export const chapterStore = {
  /** One page of a story's chapters in number order, and how many there are in all. */
  async page(db: Db, storyId: number, options: { page: number; limit: number; publishedOnly: boolean }) {
    const rows = await selectSummaries(db, storyId, options.publishedOnly)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute();
    const { total } = await db
      .selectFrom('chapters')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('story_id', '=', storyId)
      .$if(options.publishedOnly, (qb) => qb.where('status', '=', 'published'))
      .executeTakeFirstOrThrow();
    return { chapters: rows.map(toSummary), total };
  },

  /** Every chapter of a story with the start of its content and its word count, for the admin's list. */
  async listForAdmin(db: Db, storyId: number, limit: number): Promise<{ chapters: AdminChapterSummary[]; total: number }> {
    const rows = await selectSummaries(db, storyId, false)
      .select(sql<string>`left(content, ${sql.lit(CHAPTER_PREVIEW_LENGTH)})`.as('preview'))
      .limit(limit)
      .execute();
    const { total } = await db
      .selectFrom('chapters')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('story_id', '=', storyId)
      .executeTakeFirstOrThrow();
    return { chapters: rows.map((row) => ({ ...toSummary(row), preview: row.preview })), total };
  },

  async findById(db: Db, id: number): Promise<Chapter | null> {
    return toChapter(await selectChapters(db).where('id', '=', id).executeTakeFirst());
  },

  /** The published chapter numbered `wanted` or the next one after it, else the last; null when none is published. */
  async publishedNumberFrom(db: Db, storyId: number, wanted: number): Promise<number | null> {
    const published = db.selectFrom('chapters').select('chapter_number').where('story_id', '=', storyId).where('status', '=', 'published');
    const next = await published.where('chapter_number', '>=', wanted).orderBy('chapter_number').limit(1).executeTakeFirst();
    const found = next ?? (await published.orderBy('chapter_number', 'desc').limit(1).executeTakeFirst());
    return found?.chapter_number ?? null;
  },

  async findByNumber(
    db: Db,
    storyId: number,
    chapterNumber: number,
    { publishedOnly }: { publishedOnly: boolean },
  ): Promise<Chapter | null> {
    const row = await selectChapters(db)
      .where('story_id', '=', storyId)
      .where('chapter_number', '=', chapterNumber)
      .$if(publishedOnly, (qb) => qb.where('status', '=', 'published'))
      .executeTakeFirst();
    return toChapter(row);
  },

  /** The chapter that already uses `number` or `slug` in the story (other than `exceptId`). */
  async conflicting(db: Db, storyId: number, { number, slug, exceptId }: ChapterIdentity) {
    if (number === undefined && slug === undefined) return null;
    const row = await db
      .selectFrom('chapters')
      .select(['chapter_number', 'slug'])
      .where('story_id', '=', storyId)
      .where((eb) =>
        eb.or([
          ...(number !== undefined ? [eb('chapter_number', '=', number)] : []),
          ...(slug !== undefined ? [eb('slug', '=', slug)] : []),
        ]),
      )
      .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
      .executeTakeFirst();
    if (!row) return null;
    return row.chapter_number === number ? { field: 'number' as const, number } : { field: 'slug' as const, slug: row.slug };
  },

  /** The numbers and slugs a story already uses (for bulk uploads). */
  async taken(db: Db, storyId: number): Promise<{ numbers: Set<number>; slugs: Set<string> }> {
    const rows = await db.selectFrom('chapters').select(['chapter_number', 'slug']).where('story_id', '=', storyId).execute();
    return { numbers: new Set(rows.map((r) => r.chapter_number)), slugs: new Set(rows.map((r) => r.slug)) };
  },

  /**
   * Creates the chapter with its first revision ('publish' when it is created published, else
   * 'manual', or `revision.kind`), all or nothing.
   */
  async create(db: Db, chapter: Stored<NewChapter>, revision: { by?: number | null; kind?: ChapterRevisionKind } = {}): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const published = chapter.status === 'published';
      const { id } = await trx
        .insertInto('chapters')
        .values({ ...chapter, ...(published && { published_at: sql`now()` }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await revisionStore.keep(trx, id, revision.kind ?? (published ? 'publish' : 'manual'), chapter, revision.by ?? null);
      return id;
    });
  },

  /**
   * Saves the fields given, unless `expected` (the chapter's updated_at as the API gave it) is
   * stale: the check is part of the UPDATE itself, so no other save can slip in between. A save
   * that changes the title or text, or publishes, keeps a revision; one that sends the title or
   * text drops the autosaved working copy, which is now older than the chapter. A published
   * chapter given another number keeps its old address.
   */
  async update(db: Db, { id, ...fields }: Stored<ChapterUpdate>, options: UpdateOptions = {}): Promise<UpdateOutcome> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .with('old', (qb) =>
          qb
            .selectFrom('chapters')
            .select(['id', 'story_id', 'chapter_number', 'title', 'content', 'status'])
            .where('id', '=', id)
            .forUpdate(),
        )
        .updateTable('chapters')
        .from('old')
        .set({
          ...fields,
          updated_at: sql`now()`,
          ...(fields.status === 'published' && { published_at: sql`coalesce(chapters.published_at, now())` }),
        })
        .whereRef('chapters.id', '=', 'old.id')
        .$if(options.expected !== undefined, (qb) => qb.where(sql`date_trunc('milliseconds', chapters.updated_at)`, '=', options.expected!))
        .returning([
          'old.title as old_title',
          'old.content as old_content',
          'old.status as old_status',
          'old.chapter_number as old_number',
          'old.story_id',
          'chapters.chapter_number',
          'chapters.title',
          'chapters.content',
          'chapters.status',
        ])
        .executeTakeFirst();
      if (!row) return (await chapterStore.storyIdOf(trx, id)) === null ? 'missing' : 'stale';
      const changed = row.title !== row.old_title || row.content !== row.old_content;
      const published = row.status === 'published' && row.old_status !== 'published';
      const kind = options.kind ?? (published ? 'publish' : changed ? 'manual' : null);
      if (kind) await revisionStore.keep(trx, id, kind, row, options.by ?? null);
      if (fields.title !== undefined || fields.content !== undefined) await autosaveStore.drop(trx, id);
      if (row.old_status === 'published' && row.chapter_number !== row.old_number) {
        await keepOldAddresses(trx, row.story_id, [{ chapter_id: id, old_number: row.old_number }]);
      }
      return 'saved';
    });
  },

  async delete(db: Db, id: number): Promise<boolean> {
    const result = await db.deleteFrom('chapters').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** The chapter's story and its updated_at as the API gives it (to the millisecond), or null. */
  async versionOf(db: Db, chapterId: number): Promise<{ storyId: number; updatedAt: Date } | null> {
    const row = await db.selectFrom('chapters').select(['story_id', 'updated_at']).where('id', '=', chapterId).executeTakeFirst();
    return row ? { storyId: row.story_id, updatedAt: new Date(row.updated_at.toISOString()) } : null;
  },

  async storyIdOf(db: Db, chapterId: number): Promise<number | null> {
    const row = await db.selectFrom('chapters').select('story_id').where('id', '=', chapterId).executeTakeFirst();
    return row?.story_id ?? null;
  },
};
