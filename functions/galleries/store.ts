// Gallery queries. Counts and the hero come from the image, like and comment rows in the same
// query, so they stay right as images come and go: nothing is cached on the gallery row.
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import type { Gallery } from '#lib/galleries.ts';
import type { GalleryCreate, GalleryUpdate } from './schema.ts';

type Db = Kysely<Database>;

export const GALLERY_NOT_FOUND = 'Gallery not found.';
/**
 * The one order of a gallery's images, the one the admin arranges (decision 0050): sort_order
 * ascending, ties newest first. The image pages (images/store.ts) list them in it, and a gallery
 * without a chosen hero shows the first.
 */
export function inGalleryOrder<DB extends Database, O>(query: SelectQueryBuilder<DB, 'gallery_images', O>) {
  return query.orderBy('gallery_images.sort_order', 'asc').orderBy('gallery_images.id', 'desc');
}

/**
 * Locks the galleries' rows, in id order (decision 0050): who holds a gallery's lock may place,
 * move out or delete its images. "No key update": uploads, whose foreign key takes a key-share
 * lock, are not held up. Returns the galleries found.
 */
export const lockGalleries = (db: Db, ids: readonly number[]) =>
  db.selectFrom('galleries').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();

type GalleryScope = ExpressionBuilder<Database & { g: Database['galleries'] }, 'g'>;

const imageCount = (eb: GalleryScope) =>
  eb
    .selectFrom('gallery_images')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('gallery_images.gallery_id', '=', 'g.id')
    .as('image_count');
const likeCount = (eb: GalleryScope) =>
  eb
    .selectFrom('image_likes')
    .innerJoin('gallery_images', 'gallery_images.id', 'image_likes.image_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('gallery_images.gallery_id', '=', 'g.id')
    .as('like_count');
/** Readers see approved comments only, so only those are counted. */
const commentCount = (eb: GalleryScope) =>
  eb
    .selectFrom('image_comments')
    .innerJoin('gallery_images', 'gallery_images.id', 'image_comments.image_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('gallery_images.gallery_id', '=', 'g.id')
    .where('image_comments.status', '=', 'approved')
    .as('comment_count');

/** A column of the hero: the chosen image's, else the first image's (one row's, never mixed). */
const heroColumn = <T>(column: 'thumb' | 'src' | 'width' | 'height') =>
  sql<T | null>`case when chosen.id is null then ${sql.ref(`first.${column}`)} else ${sql.ref(`chosen.${column}`)} end`.as(
    `hero_${column}`,
  );

function selectGalleries(db: Db) {
  return (
    db
      .selectFrom('galleries as g')
      // Two index lookups, so a list of galleries with thousands of images each stays fast.
      .leftJoin('gallery_images as chosen', (join) =>
        join.onRef('chosen.id', '=', 'g.hero_image_id').onRef('chosen.gallery_id', '=', 'g.id'),
      )
      .leftJoinLateral(
        (eb) =>
          inGalleryOrder(
            eb.selectFrom('gallery_images').select(['thumb', 'src', 'width', 'height']).whereRef('gallery_images.gallery_id', '=', 'g.id'),
          )
            .limit(1)
            .as('first'),
        (join) => join.onTrue(),
      )
      .selectAll('g')
      .select((eb) => [imageCount(eb), likeCount(eb), commentCount(eb)])
      .select(heroColumn<string>('thumb'))
      .select(heroColumn<string>('src'))
      .select(heroColumn<number>('width'))
      .select(heroColumn<number>('height'))
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id', 'desc')
  );
}

type GalleryRow = Awaited<ReturnType<ReturnType<typeof selectGalleries>['executeTakeFirstOrThrow']>>;

function toGallery(row: GalleryRow): Gallery {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    rating: row.rating,
    hero_image_id: row.hero_image_id,
    image_count: row.image_count ?? 0,
    like_count: row.like_count ?? 0,
    comment_count: row.comment_count ?? 0,
    hero_thumb: row.hero_thumb ?? row.hero_src ?? null,
    hero_width: row.hero_width ?? null,
    hero_height: row.hero_height ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const galleryStore = {
  /** Newest galleries first; all of them without `paging`. */
  async list(db: Db, paging?: { page: number; limit: number }): Promise<Gallery[]> {
    const rows = await selectGalleries(db)
      .$if(paging !== undefined, (qb) => qb.limit(paging!.limit).offset((paging!.page - 1) * paging!.limit))
      .execute();
    return rows.map(toGallery);
  },

  async find(db: Db, id: number): Promise<Gallery | null> {
    const row = await selectGalleries(db).where('g.id', '=', id).executeTakeFirst();
    return row ? toGallery(row) : null;
  },

  async exists(db: Db, id: number): Promise<boolean> {
    return (await db.selectFrom('galleries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  async slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
    const row = await db
      .selectFrom('galleries')
      .select('id')
      .where('slug', '=', slug)
      .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
      .executeTakeFirst();
    return row !== undefined;
  },

  async create(db: Db, input: GalleryCreate): Promise<number> {
    const { id } = await db.insertInto('galleries').values(input).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /**
   * 'not-found' when there is no such gallery, 'not-its-image' when the hero named is not one of
   * its images. The gallery's row lock keeps its images in it until the save is done, so an image
   * moved or deleted at the same moment is either still here or refused (decision 0050).
   */
  async update(db: Db, { id, ...changes }: GalleryUpdate): Promise<'updated' | 'not-found' | 'not-its-image'> {
    return db.transaction().execute(async (trx) => {
      if ((await lockGalleries(trx, [id])).length === 0) return 'not-found';
      if (changes.hero_image_id) {
        const hero = await trx
          .selectFrom('gallery_images')
          .select('id')
          .where('id', '=', changes.hero_image_id)
          .where('gallery_id', '=', id)
          .executeTakeFirst();
        if (!hero) return 'not-its-image';
      }
      await trx
        .updateTable('galleries')
        .set({ ...changes, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      return 'updated';
    });
  },

  /**
   * Deletes the gallery and its images (likes and comments go with them by cascade); returns the
   * storage keys of the images' files for the caller to delete, or null when there is no such
   * gallery. The gallery row is locked first, so an upload that races with the delete either
   * commits its row before (and its keys are returned here) or fails on the foreign key after.
   */
  async delete(db: Db, id: number): Promise<string[] | null> {
    return db.transaction().execute(async (trx) => {
      const gallery = await trx.selectFrom('galleries').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!gallery) return null;
      const images = await trx.deleteFrom('gallery_images').where('gallery_id', '=', id).returning('storage_keys').execute();
      await trx.deleteFrom('galleries').where('id', '=', id).execute();
      return images.flatMap((image) => image.storage_keys);
    });
  },
};
