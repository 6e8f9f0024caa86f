// Comment queries. The comment tables differ only in the column that names what is commented on,
// so each query takes the pair (CHAPTER_COMMENTS, IMAGE_COMMENTS). Readers see approved comments only.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

export type CommentTable =
  | { table: 'chapter_comments'; column: 'chapter_id' }
  | { table: 'image_comments'; column: 'image_id' };
export const CHAPTER_COMMENTS = { table: 'chapter_comments', column: 'chapter_id' } as const satisfies CommentTable;
export const IMAGE_COMMENTS = { table: 'image_comments', column: 'image_id' } as const satisfies CommentTable;

export interface NewComment {
  author_name: string;
  content: string;
  ip_address: string;
}

/** The ip_address column holds at most 64 characters (an IPv6 address with a zone fits). */
const IP_ADDRESS_MAX_LENGTH = 64;

export const commentStore = {
  /** Approved comments on the target, oldest first: a conversation reads top to bottom. */
  async listApproved(db: Db, comments: CommentTable, targetId: number) {
    return db
      .selectFrom(comments.table)
      .select(['id', 'author_name', 'content', 'created_at'])
      .where(comments.column, '=', targetId)
      .where('status', '=', 'approved')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** How many approved comments the target has (what readers see). */
  async countApproved(db: Db, comments: CommentTable, targetId: number): Promise<number> {
    const { count } = await db
      .selectFrom(comments.table)
      .select(sql<number>`count(*)::int`.as('count'))
      .where(comments.column, '=', targetId)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    return count;
  },

  /** Stores a comment as pending: nobody sees it until a moderator approves it. */
  async submit(db: Db, comments: CommentTable, targetId: number, comment: NewComment): Promise<void> {
    await db
      .insertInto(comments.table)
      .values({
        [comments.column]: targetId,
        author_name: comment.author_name,
        content: comment.content,
        // The address only helps moderators ban; a proxy's odd value must not make the insert fail.
        ip_address: comment.ip_address.slice(0, IP_ADDRESS_MAX_LENGTH),
        status: 'pending',
      })
      .execute();
  },
};
