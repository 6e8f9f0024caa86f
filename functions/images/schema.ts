// The API's input rules for gallery images; their likes and comments are in likes/ and comments/.
import { z } from 'zod';
import { idField, idParam } from '#core/fields.ts';
import { ADMIN_IMAGE_LIMIT, GALLERY_SEARCH_MAX_LENGTH, PUBLIC_IMAGE_PAGE_SIZE } from '#lib/galleries.ts';
import { IMAGE_LIMITS } from '#lib/limits.ts';
import { positiveInteger } from '#core/query-fields.ts';
import { fieldLabels } from '#core/zod-messages.ts';

export const imageListQuery = z.strictObject({
  gallery_id: idParam,
  page: positiveInteger(1_000_000).default(1),
  limit: positiveInteger(ADMIN_IMAGE_LIMIT).default(PUBLIC_IMAGE_PAGE_SIZE),
  q: z.string().trim().max(GALLERY_SEARCH_MAX_LENGTH).optional(),
});

/** The gallery_id field of the multipart upload form. */
export const imageUploadFields = z.strictObject({ gallery_id: idParam }).register(fieldLabels, { gallery_id: 'The gallery' });

/** A blank title or alt text is stored as null ("no title": the file name shows). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => value || null);

export const imageUpdateSchema = z
  .strictObject({
    id: idField,
    /** Left out: unchanged. */
    title: optionalText(IMAGE_LIMITS.title).optional(),
    alt_text: optionalText(IMAGE_LIMITS.alt_text).optional(),
    /** Another gallery: the image moves there, first in its order. */
    gallery_id: idField.optional(),
  })
  .register(fieldLabels, { title: 'The title', alt_text: 'The alt text', gallery_id: 'The gallery' });
/** What the Gallery Manager sends to change an image's title or alt text. */
export type ImageUpdateInput = z.input<typeof imageUpdateSchema>;

/** An image and where it goes in its gallery: right before one image or right after one (decision 0050). */
export const imageReorderSchema = z
  .strictObject({ id: idField, before_id: idField.optional(), after_id: idField.optional() })
  .refine((input) => (input.before_id === undefined) !== (input.after_id === undefined), {
    error: 'Send exactly one of before_id and after_id.',
  })
  .refine((input) => input.id !== (input.before_id ?? input.after_id), { error: 'An image cannot go next to itself.' })
  .register(fieldLabels, { before_id: 'The image to go before', after_id: 'The image to go after' });
export type ImageReorderInput = z.input<typeof imageReorderSchema>;

export const imageDeleteSchema = z.strictObject({ id: idField });
