// The API's input rules for galleries: every request is checked here first.
import { z } from 'zod';
import { idField, slugField } from '#core/fields.ts';
import { DEFAULT_GALLERY_RATING, GALLERY_RATINGS, PUBLIC_GALLERY_LIST_LIMIT } from '#lib/galleries.ts';
import { GALLERY_LIMITS } from '#lib/limits.ts';
import { positiveInteger } from '#core/query-fields.ts';
import { fieldLabels } from '#core/zod-messages.ts';

const galleryFields = {
  title: z.string().trim().min(1).max(GALLERY_LIMITS.title),
  /** The form derives it with gallerySlug(); the server takes only what SLUG_PATTERN allows. */
  slug: slugField,
  description: z
    .string()
    .trim()
    .max(GALLERY_LIMITS.description)
    .nullish()
    .transform((value) => value ?? ''),
  rating: z.enum(GALLERY_RATINGS),
};

/** How messages name the fields (docs/product.md, "Messages"). */
const GALLERY_LABELS = { title: 'The title', slug: 'The slug', description: 'The description', rating: 'The rating' };

export const galleryCreateSchema = z
  .strictObject({
    ...galleryFields,
    rating: galleryFields.rating.default(DEFAULT_GALLERY_RATING),
  })
  .register(fieldLabels, GALLERY_LABELS);
export type GalleryCreate = z.output<typeof galleryCreateSchema>;
/** What the Gallery Manager's form sends to create a gallery. */
export type GalleryInput = z.input<typeof galleryCreateSchema>;

/** The id plus any fields to change; fields left out stay as they are. */
export const galleryUpdateSchema = z
  .strictObject({
    id: idField,
    title: galleryFields.title.optional(),
    slug: galleryFields.slug.optional(),
    description: galleryFields.description.optional(),
    rating: galleryFields.rating.optional(),
    /** One of the gallery's images; null: the first image in the gallery's order (decision 0050). */
    hero_image_id: idField.nullable().optional(),
  })
  .register(fieldLabels, { ...GALLERY_LABELS, hero_image_id: 'The hero image' });
export type GalleryUpdate = z.output<typeof galleryUpdateSchema>;

export const galleryDeleteSchema = z.strictObject({ id: idField });

/** GET /api/galleries/list: every gallery, PG and X (the pages filter by rating). */
export const galleryListQuery = z.strictObject({
  page: positiveInteger(100_000).default(1),
  limit: positiveInteger(PUBLIC_GALLERY_LIST_LIMIT).default(PUBLIC_GALLERY_LIST_LIMIT),
});
