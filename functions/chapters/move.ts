// Moving a chapter renumbers its story's chapters 1..n in one transaction, and keeps the old
// address of every published chapter whose number changed (docs/product.md, The chapter list
// and reordering).
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { keepOldAddresses } from './old-addresses.ts';

type Db = Kysely<Database>;

export interface MoveResult {
  storyId: number;
  /** How many chapters got another number (0 when the chapter was already there). */
  renumbered: number;
}

interface Placed {
  id: number;
  chapter_number: number;
  status: string;
}

/** The story's chapters in their new order: `id` taken out and put at `wanted` (beyond the end: last). */
export function reorder<T extends { id: number }>(chapters: readonly T[], id: number, wanted: number): T[] {
  const moving = chapters.find((chapter) => chapter.id === id);
  if (!moving) return [...chapters];
  const rest = chapters.filter((chapter) => chapter !== moving);
  const at = Math.min(Math.max(wanted, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}

/** Moves chapter `id` to number `wanted`; null when there is no such chapter. */
export async function moveChapter(db: Db, id: number, wanted: number): Promise<MoveResult | null> {
  return db.transaction().execute(async (trx) => {
    const chapter = await trx.selectFrom('chapters').select('story_id').where('id', '=', id).executeTakeFirst();
    if (!chapter) return null;
    const storyId = chapter.story_id;
    // The story's row is the lock: moves (and their reads of the order) of one story run one at a time.
    await trx.selectFrom('stories').select('id').where('id', '=', storyId).forUpdate().execute();
    const chapters: Placed[] = await trx
      .selectFrom('chapters')
      .select(['id', 'chapter_number', 'status'])
      .where('story_id', '=', storyId)
      .orderBy('chapter_number')
      .forUpdate()
      .execute();
    if (!chapters.some((row) => row.id === id)) return null; // deleted while waiting for the lock
    const changed = reorder(chapters, id, wanted)
      .map((row, index) => ({ ...row, to: index + 1 }))
      .filter((row) => row.to !== row.chapter_number);
    if (changed.length === 0) return { storyId, renumbered: 0 };

    // Numbers are unique per story and checked row by row: park the moved rows above every number
    // in use, then bring them down to their places.
    const parking = Math.max(...chapters.map((row) => row.chapter_number));
    const ids = changed.map((row) => row.id);
    const targets = sql.join(changed.map((row) => sql`(${sql.lit(row.id)}::int, ${sql.lit(row.to)}::int)`));
    await sql`update chapters set chapter_number = moved.number + ${sql.lit(parking)}
      from (values ${targets}) as moved(id, number) where chapters.id = moved.id`.execute(trx);
    // A new updated_at: an editor opened before the move gets a conflict instead of saving over it.
    await trx
      .updateTable('chapters')
      .set({ chapter_number: sql`chapter_number - ${sql.lit(parking)}`, updated_at: sql`now()` })
      .where('id', 'in', ids)
      .execute();

    const published = changed.filter((row) => row.status === 'published');
    await keepOldAddresses(
      trx,
      storyId,
      published.map((row) => ({ chapter_id: row.id, old_number: row.chapter_number })),
    );
    return { storyId, renumbered: changed.length };
  });
}
