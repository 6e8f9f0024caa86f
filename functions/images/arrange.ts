// Arranging a gallery (docs/product.md, Arranging a gallery; decision 0050): an image moves right
// before or after another image of its gallery, or to another gallery, where it goes first. Every
// change of an image's place, its gallery or its existence holds its gallery's row lock (taken in
// id order), as the hero choice (galleries/store.ts) does: an image stays in a gallery whose lock
// one holds, so moves at the same moment run one after the other and no row lock waits on another.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '#db/types.ts';
import { AppError } from '#core/errors.ts';
import { lockGalleries } from '#functions/galleries/store.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The sort_order that puts a new image first in its gallery: below the gallery's lowest. */
export const firstPlace = (galleryId: number) =>
  sql<number>`(select coalesce(min(sort_order), 1) - 1 from gallery_images where gallery_id = ${galleryId})`;

const MOVED_MEANWHILE = 'The image was moved at the same moment; reload and try again.';

const galleryOf = async (trx: Trx, id: number) =>
  (await trx.selectFrom('gallery_images').select('gallery_id').where('id', '=', id).executeTakeFirst())?.gallery_id ?? null;

/**
 * Locks the image's gallery (and `alsoLock`); returns the image's gallery, or null when there is
 * no such image. When the image left between the read and the lock, the locks are given back (a
 * savepoint) before it is read again, so they are always taken in id order.
 */
export async function lockImage(trx: Trx, id: number, alsoLock: readonly number[] = []): Promise<number | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await sql`savepoint lock_image`.execute(trx);
    const seen = await galleryOf(trx, id);
    if (seen === null) return null;
    await lockGalleries(
      trx,
      [...new Set([seen, ...alsoLock])].sort((a, b) => a - b),
    );
    const now = await galleryOf(trx, id);
    if (now === seen || now === null) return now;
    await sql`rollback to savepoint lock_image`.execute(trx);
  }
  throw new AppError(409, MOVED_MEANWHILE);
}

/** The galleries' pages changed: their updated_at moves on, and with it the sitemap's lastmod. */
const touch = (trx: Trx, galleryIds: readonly number[]) =>
  trx.updateTable('galleries').set({ updated_at: sql<Date>`now()` }).where('id', 'in', galleryIds).execute();

export const arrangeStore = {
  /**
   * Puts the image right before or after the image `targetId` and numbers the gallery 1..n in the
   * new order, writing only the rows whose number changes. 'not-found': no such image;
   * 'not-beside': the other image is not in the same gallery (or is the image itself).
   */
  async reorder(db: Db, id: number, targetId: number, side: 'before' | 'after'): Promise<'moved' | 'not-found' | 'not-beside'> {
    return db.transaction().execute(async (trx) => {
      const galleryId = await lockImage(trx, id);
      if (galleryId === null) return 'not-found';
      const target = await trx
        .selectFrom('gallery_images')
        .select(['id', 'sort_order'])
        .where('id', '=', targetId)
        .where('gallery_id', '=', galleryId)
        .executeTakeFirst();
      if (!target) return 'not-beside';
      // The moved image takes the other image's place in the order (sort_order asc, id desc), then one step before or after it.
      await sql`
        update gallery_images set sort_order = ordered.position
        from (
          select id, row_number() over (order by
            case when id = ${id} then ${target.sort_order}::int else sort_order end,
            case when id = ${id} then ${target.id}::int else id end desc,
            case when id = ${id} then ${side === 'before' ? -1 : 1}::int else 0 end
          )::int as position
          from gallery_images where gallery_id = ${galleryId}
        ) as ordered
        where gallery_images.id = ordered.id and gallery_images.sort_order <> ordered.position`.execute(trx);
      await touch(trx, [galleryId]);
      return 'moved';
    });
  },

  /**
   * Moves the image to another gallery, first in its order; it stops being its old gallery's hero.
   * Its files keep their names. 'not-found': no such image; 'no-gallery': no such gallery.
   */
  async moveToGallery(db: Db, id: number, galleryId: number): Promise<'moved' | 'not-found' | 'no-gallery'> {
    return db.transaction().execute(async (trx) => {
      const from = await lockImage(trx, id, [galleryId]);
      if (from === null) return 'not-found';
      if (!(await trx.selectFrom('galleries').select('id').where('id', '=', galleryId).executeTakeFirst())) return 'no-gallery';
      if (from === galleryId) return 'moved';
      await trx.updateTable('galleries').set({ hero_image_id: null }).where('id', '=', from).where('hero_image_id', '=', id).execute();
      await trx
        .updateTable('gallery_images')
        .set({ gallery_id: galleryId, sort_order: firstPlace(galleryId) })
        .where('id', '=', id)
        .execute();
      await touch(trx, [from, galleryId]);
      return 'moved';
    });
  },
};
