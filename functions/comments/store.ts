// Comment queries. The comment tables differ only in the column that names what is commented on,
// so each query takes the pair (CHAPTER_COMMENTS, IMAGE_COMMENTS). Readers see approved comments only.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { heldReason } from './held.ts';

type Db = Kysely<Database>;

export type CommentTable = { table: 'chapter_comments'; column: 'chapter_id' } | { table: 'image_comments'; column: 'image_id' };
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

  /**
   * Stores a comment as pending: nobody sees it until a moderator approves it. Link spam is marked
   * held (see held.ts). The same text sent again by the same address to the same target, right
   * after the first, is stored once ('duplicate'): a double click or a resend after a slow answer.
   */
  async submit(db: Db, comments: CommentTable, targetId: number, comment: NewComment): Promise<'stored' | 'duplicate'> {
    // The address only helps moderators ban; a proxy's odd value must not make the insert fail.
    const ip_address = comment.ip_address.slice(0, IP_ADDRESS_MAX_LENGTH);
    return db.transaction().execute(async (trx) => {
      // One submission per (target, address) at a time, so two identical comments sent at once
      // cannot both find no earlier copy. The lock ends with the transaction.
      const lockKey = `${comments.table}:${targetId}:${ip_address}`;
      await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(trx);
      const previous = await trx
        .selectFrom(comments.table)
        .select('content')
        .where(comments.column, '=', targetId)
        .where('ip_address', '=', ip_address)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (previous?.content === comment.content) return 'duplicate';
      await trx
        .insertInto(comments.table)
        .values({
          [comments.column]: targetId,
          author_name: comment.author_name,
          content: comment.content,
          ip_address,
          status: 'pending',
          held_reason: heldReason(comment.content),
        })
        .execute();
      return 'stored';
    });
  },
};
