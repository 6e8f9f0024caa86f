// Gallery image queries and the one mapping from a row to the API's GalleryImage, used by the
// routes and by the static build's snapshot alike. Like and comment counts come from their rows.
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, NewGalleryImage } from '#db/types.ts';
import type { GalleryImage, GenerationSettings } from '#lib/galleries.ts';
import { titleFromFileName } from '#lib/gallery-display.ts';
import { inGalleryOrder } from '#functions/galleries/store.ts';
import { firstPlace, lockImage } from './arrange.ts';
import { likeSearchPattern } from './search.ts';

type Db = Kysely<Database>;

const IMAGE_COLUMNS = [
  'id',
  'gallery_id',
  'src',
  'thumb',
  'thumb_2x',
  'placeholder',
  'title',
  'original_name',
  'made_with',
  'alt_text',
  'prompt',
  'negative_prompt',
  'checkpoint',
  'loras',
  'lora_weights',
  'settings',
  'generator',
  'width',
  'height',
  'created_at',
] as const;

const likeCount = (eb: ExpressionBuilder<Database, 'gallery_images'>) =>
  eb
    .selectFrom('image_likes')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('image_likes.image_id', '=', 'gallery_images.id')
    .as('like_count');
const commentCount = (eb: ExpressionBuilder<Database, 'gallery_images'>) =>
  eb
    .selectFrom('image_comments')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('image_comments.image_id', '=', 'gallery_images.id')
    .where('image_comments.status', '=', 'approved')
    .as('comment_count');

function selectImages(db: Db) {
  return db
    .selectFrom('gallery_images')
    .select(IMAGE_COLUMNS)
    .select((eb) => [likeCount(eb), commentCount(eb)]);
}

type ImageRow = Awaited<ReturnType<ReturnType<typeof selectImages>['executeTakeFirstOrThrow']>>;

const NO_SETTINGS: GenerationSettings = { steps: null, sampler: null, scheduler: null, cfg: null, seed: null, width: null, height: null };

/** "…/galleries/3/ab12.png" -> "ab12.png" */
const fileNameOf = (src: string) => src.slice(src.lastIndexOf('/') + 1);

export function toGalleryImage(row: ImageRow): GalleryImage {
  const thumb = row.thumb ?? row.src;
  // The title falls back to the file name without its extension (docs/product.md, How galleries
  // look). Uploads are stored under random names, so the name the file was uploaded with is the
  // one people know; rows without one use src's.
  const fileName = row.original_name || fileNameOf(row.src);
  return {
    id: row.id,
    gallery_id: row.gallery_id,
    src: row.src,
    thumb,
    thumb_2x: row.thumb_2x ?? thumb,
    placeholder: row.placeholder ?? '',
    title: row.title ?? titleFromFileName(fileName),
    stored_title: row.title,
    original_name: fileName,
    alt_text: row.alt_text,
    prompt: row.prompt,
    parameters: row.negative_prompt,
    checkpoint: row.checkpoint,
    loras: row.loras,
    lora_weights: row.lora_weights,
    settings: { ...NO_SETTINGS, ...row.settings },
    generator: row.generator,
    made_with: row.made_with,
    width: row.width ?? 0,
    height: row.height ?? 0,
    like_count: row.like_count ?? 0,
    comment_count: row.comment_count ?? 0,
    created_at: row.created_at.toISOString(),
  };
}

export interface ImagePageQuery {
  galleryId: number;
  page: number;
  limit: number;
  /** Every term must occur in the image's searchable text (case-insensitive, literal). */
  terms: readonly string[];
}

export interface ImagePage {
  images: GalleryImage[];
  total: number;
}

export const imageStore = {
  async page(db: Db, { galleryId, page, limit, terms }: ImagePageQuery): Promise<ImagePage> {
    // search_text is lower-cased by the database; lower() on the pattern uses the same rules.
    const matching = <O>(query: SelectQueryBuilder<Database, 'gallery_images', O>) =>
      terms.reduce(
        (q, term) => q.where(sql<boolean>`search_text like lower(${likeSearchPattern(term)})`),
        query.where('gallery_id', '=', galleryId),
      );
    const [rows, count] = await Promise.all([
      inGalleryOrder(matching(selectImages(db)))
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      matching(db.selectFrom('gallery_images').select(sql<number>`count(*)::int`.as('total'))).executeTakeFirstOrThrow(),
    ]);
    return { images: rows.map(toGalleryImage), total: count.total };
  },

  async find(db: Db, id: number): Promise<GalleryImage | null> {
    const row = await selectImages(db).where('id', '=', id).executeTakeFirst();
    return row ? toGalleryImage(row) : null;
  },

  /** A new image goes first in its gallery (docs/product.md, Arranging a gallery). */
  async insert(db: Db, image: NewGalleryImage): Promise<GalleryImage> {
    const row = await db
      .insertInto('gallery_images')
      .values({ ...image, sort_order: firstPlace(image.gallery_id) })
      .returning(IMAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    return toGalleryImage({ ...row, like_count: 0, comment_count: 0 });
  },

  /** False when there is no such image. */
  async update(db: Db, id: number, changes: { title?: string | null | undefined; alt_text?: string | null | undefined }): Promise<boolean> {
    // Nothing to change still answers whether the image exists.
    const row = await (changes.title === undefined && changes.alt_text === undefined
      ? db.selectFrom('gallery_images').select('id').where('id', '=', id)
      : db.updateTable('gallery_images').set(changes).where('id', '=', id).returning('id')
    ).executeTakeFirst();
    return row !== undefined;
  },

  /** Deletes the row (likes and comments by cascade); returns its files' storage keys, or null when there was none. */
  async delete(db: Db, id: number): Promise<string[] | null> {
    // Locked like a move (arrange.ts): a hero's delete also changes its gallery's row.
    return db.transaction().execute(async (trx) => {
      if ((await lockImage(trx, id)) === null) return null;
      const row = await trx.deleteFrom('gallery_images').where('id', '=', id).returning('storage_keys').executeTakeFirstOrThrow();
      return row.storage_keys;
    });
  },
};
