// The old numbers of published chapters that got another one (docs/product.md, The chapter list
// and reordering): kept so that their old addresses lead to the chapters' new numbers.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';

/** Remembers each chapter's old number (the newest move of a number wins) and forgets redirects a chapter no longer needs. */
export async function keepOldAddresses(
  trx: Kysely<Database>,
  storyId: number,
  moved: readonly { chapter_id: number; old_number: number }[],
): Promise<void> {
  if (moved.length === 0) return;
  await trx
    .insertInto('chapter_redirects')
    .values(moved.map((row) => ({ story_id: storyId, ...row })))
    .onConflict((oc) => oc.columns(['story_id', 'old_number']).doUpdateSet({ chapter_id: (eb) => eb.ref('excluded.chapter_id') }))
    .execute();
  // A chapter back at an old number of its own needs no redirect there.
  await trx
    .deleteFrom('chapter_redirects')
    .where('story_id', '=', storyId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('chapters')
          .whereRef('chapters.id', '=', 'chapter_redirects.chapter_id')
          .whereRef('chapters.chapter_number', '=', 'chapter_redirects.old_number')
          .select('chapters.id'),
      ),
    )
    .execute();
}
