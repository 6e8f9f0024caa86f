// Like queries. The like tables differ only in the column that names the liked thing, so each
// query takes the pair (CHAPTER_LIKES, IMAGE_LIKES).
// Counts always come from the rows, so they cannot drift from who liked what.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';

type Db = Kysely<Database>;

export type LikeTable = { table: 'chapter_likes'; column: 'chapter_id' } | { table: 'image_likes'; column: 'image_id' };
export const CHAPTER_LIKES = { table: 'chapter_likes', column: 'chapter_id' } as const satisfies LikeTable;
export const IMAGE_LIKES = { table: 'image_likes', column: 'image_id' } as const satisfies LikeTable;

/** A like state as the API answers it. */
export interface LikeState {
  like_count: number;
  user_liked: boolean;
}

export const likeStore = {
  /** How many visitors like the target, and whether `visitorKey` (null: an unknown visitor) is one of them. */
  async state(db: Db, likes: LikeTable, targetId: number, visitorKey: string | null): Promise<LikeState> {
    return db
      .selectFrom(likes.table)
      .select([
        sql<number>`count(*)::int`.as('like_count'),
        (visitorKey === null ? sql<boolean>`false` : sql<boolean>`coalesce(bool_or(visitor_key = ${visitorKey}), false)`).as('user_liked'),
      ])
      .where(likes.column, '=', targetId)
      .executeTakeFirstOrThrow();
  },

  /**
   * Likes the target, or unlikes it when the visitor already does. Race-safe without a
   * transaction: each statement is atomic, the unique (target, visitor) constraint keeps at most
   * one row, and ON CONFLICT DO NOTHING turns an insert that lost a race into a no-op, never an
   * error. Simultaneous toggles by one visitor may coalesce; the state stays consistent.
   */
  async toggle(db: Db, likes: LikeTable, targetId: number, visitorKey: string): Promise<void> {
    const removed = await db
      .deleteFrom(likes.table)
      .where(likes.column, '=', targetId)
      .where('visitor_key', '=', visitorKey)
      .returning('id')
      .executeTakeFirst();
    if (removed) return;
    await db
      .insertInto(likes.table)
      .values({ [likes.column]: targetId, visitor_key: visitorKey })
      .onConflict((oc) => oc.columns([likes.column, 'visitor_key']).doNothing())
      .execute();
  },
};
