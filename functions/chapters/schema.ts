// The API's input rules for chapters: every request is checked here first.
import { z } from 'zod';
import { idField, idParam, slugField } from '#core/fields.ts';
import { ADMIN_CHAPTER_LIMIT, CHAPTER_LIMITS, READER_CHAPTER_PAGE_SIZE } from '#lib/limits.ts';
import { SLUG_MAX_LENGTH } from '#lib/slugs.ts';
import { CHAPTER_STATUSES } from '#lib/stories.ts';
import { positiveInteger } from '#core/query-fields.ts';
import { fieldLabels } from '#core/zod-messages.ts';

export const chapterNumberField = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(CHAPTER_LIMITS.chapter_number, `must be at most ${CHAPTER_LIMITS.chapter_number}`);

const chapterFields = {
  title: z.string().trim().min(1).max(CHAPTER_LIMITS.title),
  slug: slugField,
  content: z
    .string()
    .max(CHAPTER_LIMITS.content)
    .refine((value) => value.trim() !== '', 'must not be empty'),
  chapter_number: chapterNumberField,
  status: z.enum(CHAPTER_STATUSES),
  /** When a draft is to be published (ISO with offset); null unschedules it. */
  release_at: z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-11-24T18:00:00+01:00' }).nullable(),
};

/** How messages name the fields (docs/product.md, "Messages"). */
const CHAPTER_LABELS = {
  story_id: 'The story',
  title: 'The title',
  slug: 'The slug',
  content: 'The content',
  chapter_number: 'The chapter number',
  status: 'The status',
  release_at: 'The release time',
};

export const chapterCreateSchema = z
  .strictObject({
    story_id: idField,
    ...chapterFields,
    status: chapterFields.status.default('draft'),
    release_at: chapterFields.release_at.optional(),
  })
  .register(fieldLabels, CHAPTER_LABELS);
export type ChapterCreate = z.output<typeof chapterCreateSchema>;
/** What the admin's chapter form sends, to create (with the story's id) or to update (with the chapter's id). */
export type ChapterInput = Omit<z.input<typeof chapterCreateSchema>, 'story_id'>;

/** The id plus any fields to change (the reader's edit dialog sends no slug). */
export const chapterUpdateSchema = z
  .strictObject({
    id: idField,
    title: chapterFields.title.optional(),
    slug: chapterFields.slug.optional(),
    content: chapterFields.content.optional(),
    chapter_number: chapterFields.chapter_number.optional(),
    status: chapterFields.status.optional(),
    release_at: chapterFields.release_at.optional(),
    /** The chapter's updated_at exactly as the API gave it: the save is refused (409) when the chapter changed since. */
    expected_updated_at: z.iso.datetime({ offset: true, error: 'must be the updated_at the API gave' }).optional(),
  })
  .register(fieldLabels, { ...CHAPTER_LABELS, expected_updated_at: 'The last update' });
export type ChapterUpdate = Omit<z.output<typeof chapterUpdateSchema>, 'expected_updated_at'>;
/** What the reader's Edit dialog sends: the id and the fields it changes. */
export type ChapterUpdateInput = z.input<typeof chapterUpdateSchema>;

export const chapterDeleteSchema = z.strictObject({ id: idField });

/** GET /api/chapters/get: one chapter by id, any status (content staff). */
export const chapterGetQuery = z.strictObject({ id: idParam });

/**
 * GET /api/chapters/list: a reader's page of a published story's chapters (story_slug), one
 * chapter (with chapter_number), or the admin's list of every chapter of a story (story_id).
 */
export const chapterListQuery = z
  .strictObject({
    story_slug: z.string().max(SLUG_MAX_LENGTH).optional(),
    story_id: positiveInteger(2 ** 31 - 1).optional(),
    chapter_number: positiveInteger(CHAPTER_LIMITS.chapter_number).optional(),
    page: positiveInteger(100_000).default(1),
    limit: positiveInteger(ADMIN_CHAPTER_LIMIT).optional(),
  })
  .refine((query) => (query.story_slug === undefined) !== (query.story_id === undefined), {
    message: 'Give either story_slug or story_id.',
  })
  .transform((query) => ({ ...query, limit: query.limit ?? (query.story_id ? ADMIN_CHAPTER_LIMIT : READER_CHAPTER_PAGE_SIZE) }));

/** The non-file fields of a bulk upload (multipart strings). */
export const bulkUploadFields = z
  .strictObject({
    story_id: z
      .string({ error: 'is required' })
      .regex(/^\d{1,9}$/, 'must be a whole number')
      .transform(Number),
    status: z.enum(CHAPTER_STATUSES).default('draft'),
  })
  .register(fieldLabels, CHAPTER_LABELS);
