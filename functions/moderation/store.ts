// Comment moderation queries: chapter and image comments listed together, and
// the moderator's decisions. Every decision is one atomic statement, so an approve racing a delete
// of the same comment ends with one of them answering 404, never a half state.
import { type Kysely, sql } from 'kysely';
import type { COMMENT_STATUSES, Database } from '#db/types.ts';
import { galleryPath, OPEN_IMAGE_PARAM } from '#lib/gallery-urls.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { CHAPTER_COMMENTS, type CommentTable, IMAGE_COMMENTS } from '#functions/comments/store.ts';
import type { CommentListQuery } from './schema.ts';

type Db = Kysely<Database>;
type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** One row of the moderation list: a comment with the moderation fields. */
export interface ModerationComment {
  id: number;
  author_name: string;
  author_email: string | null;
  ip_address: string | null;
  comment_type: 'chapter' | 'image';
  content_title: string;
  /** The public page showing the comment's chapter, or the gallery with the image open. */
  content_link: string;
  content_context: string;
  /** 1 means approved, otherwise pending (rejected comments are 0 as well). */
  is_approved: 0 | 1;
  status: CommentStatus;
  /** Why the comment is held for a moderator whatever the settings ('links', 'links only'); null otherwise. */
  held_reason: string | null;
  content: string;
  created_at: string;
}

/** The comment's own columns, the same in both comment tables. */
const SHARED_COLUMNS = [
  'c.author_name',
  'c.author_email',
  'c.ip_address',
  'c.status',
  'c.held_reason',
  'c.content',
  'c.created_at',
] as const;

/** The columns both halves of the list share; the chapter and image halves fill them differently. */
function chapterRows(db: Db) {
  return db
    .selectFrom('chapter_comments as c')
    .innerJoin('chapters', 'chapters.id', 'c.chapter_id')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .select([
      'c.id',
      sql<'chapter' | 'image'>`'chapter'`.as('comment_type'),
      ...SHARED_COLUMNS,
      'stories.title as parent_title',
      'stories.slug as parent_slug',
      'chapters.title as item_title',
      'chapters.chapter_number as item_number',
    ]);
}

function imageRows(db: Db) {
  return db
    .selectFrom('image_comments as c')
    .innerJoin('gallery_images', 'gallery_images.id', 'c.image_id')
    .innerJoin('galleries', 'galleries.id', 'gallery_images.gallery_id')
    .select([
      'c.id',
      sql<'chapter' | 'image'>`'image'`.as('comment_type'),
      ...SHARED_COLUMNS,
      'galleries.title as parent_title',
      'galleries.slug as parent_slug',
      // An image's title falls back to its file name without the extension (as functions/images/store.ts does).
      sql<string>`coalesce(gallery_images.title, regexp_replace(coalesce(nullif(gallery_images.original_name, ''), regexp_replace(gallery_images.src, '^.*/', '')), '(.)\\.[^.]*$', '\\1'))`.as(
        'item_title',
      ),
      'gallery_images.id as item_number',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof chapterRows>['execute']>>[number];

function toModerationComment(row: Row): ModerationComment {
  const chapter = row.comment_type === 'chapter';
  return {
    id: row.id,
    author_name: row.author_name,
    author_email: row.author_email,
    ip_address: row.ip_address,
    comment_type: row.comment_type,
    content_title: row.item_title,
    content_link: chapter
      ? `${chapterPath(row.parent_slug, row.item_number)}/`
      : `${galleryPath(row.parent_slug)}/?${OPEN_IMAGE_PARAM}=${row.item_number}`,
    content_context: chapter
      ? `${row.parent_title} · Chapter ${row.item_number}: ${row.item_title}`
      : `${row.parent_title} · ${row.item_title}`,
    is_approved: row.status === 'approved' ? 1 : 0,
    status: row.status,
    held_reason: row.held_reason,
    content: row.content,
    created_at: row.created_at.toISOString(),
  };
}

/** Chapter and image comments as one list, narrowed by the filters (type images or stories). */
function listed(db: Db, { status, type }: CommentListQuery) {
  let rows = db.selectFrom(chapterRows(db).unionAll(imageRows(db)).as('comments'));
  if (status) rows = rows.where('status', '=', status);
  if (type) rows = rows.where('comment_type', '=', type === 'images' ? 'image' : 'chapter');
  return rows;
}

export const moderationStore = {
  /** Comments newest first, filtered, one page of them, with how many match in all. */
  async list(db: Db, query: CommentListQuery): Promise<{ comments: ModerationComment[]; total: number }> {
    const rows = await listed(db, query)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const { total } = await listed(db, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    return { comments: rows.map(toModerationComment), total };
  },

  /** The comment's table and status, or null when no comment has this id. */
  async find(db: Db, id: number): Promise<{ table: CommentTable; status: CommentStatus } | null> {
    for (const table of [CHAPTER_COMMENTS, IMAGE_COMMENTS]) {
      const row = await db.selectFrom(table.table).select('status').where('id', '=', id).executeTakeFirst();
      if (row) return { table, status: row.status };
    }
    return null;
  },

  /** Sets the status unless it is already that; false when nothing changed (gone, or already so). */
  async setStatus(db: Db, table: CommentTable, id: number, status: 'approved' | 'rejected'): Promise<boolean> {
    const row = await db
      .updateTable(table.table)
      .set({ status })
      .where('id', '=', id)
      .where('status', '<>', status)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async delete(db: Db, table: CommentTable, id: number): Promise<boolean> {
    const row = await db.deleteFrom(table.table).where('id', '=', id).returning('id').executeTakeFirst();
    return row !== undefined;
  },

  /** The moderation stats (banned_ips is added by the route from banStore). */
  async commentCounts(db: Db): Promise<Record<`${CommentStatus}_comments`, number>> {
    const { rows } = await sql<Record<`${CommentStatus}_comments`, number>>`
      select
        count(*) filter (where status = 'pending')::int as pending_comments,
        count(*) filter (where status = 'approved')::int as approved_comments,
        count(*) filter (where status = 'rejected')::int as rejected_comments
      from (select status from chapter_comments union all select status from image_comments) as comments`.execute(db);
    return rows[0]!;
  },
};
