// The API's input rules for chapters: every request is checked here first.
import { z } from 'zod';
import { idField, idParam, slugField } from '#core/fields.ts';
import { ADMIN_CHAPTER_LIMIT, CHAPTER_LIMITS, READER_CHAPTER_PAGE_SIZE } from '#lib/limits.ts';
import { SLUG_MAX_LENGTH } from '#lib/slugs.ts';
import { CHAPTER_STATUSES } from '#lib/stories.ts';
import { positiveInteger } from '#core/query-fields.ts';
import { fieldLabels } from '#core/zod-messages.ts';

/** Why a content warning is refused, or null; `seen` holds the ones before it, in lower case. */
function warningProblem(warning: string, seen: Set<string>): string | null {
  if (warning === '') return 'must not be empty';
  if (warning.length > CHAPTER_LIMITS.content_warning) return `is too long (at most ${CHAPTER_LIMITS.content_warning} characters)`;
  if (/\p{Cc}/u.test(warning)) return 'must not hold control characters';
  const key = warning.toLowerCase();
  if (seen.has(key)) return 'repeats an earlier one';
  seen.add(key);
  return null;
}

/** Short phrases shown before the text (docs/product.md, The writing desk), trimmed, each once whatever its case. */
const contentWarningsField = z
  .array(z.string().transform((warning) => warning.trim()))
  .max(CHAPTER_LIMITS.content_warnings, `must be at most ${CHAPTER_LIMITS.content_warnings}`)
  .superRefine((warnings, ctx) => {
    const seen = new Set<string>();
    warnings.forEach((warning, index) => {
      const problem = warningProblem(warning, seen);
      if (problem) ctx.addIssue({ code: 'custom', path: [index], message: `Content warning ${index + 1} ${problem}.` });
    });
  });

export const chapterNumberField = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(CHAPTER_LIMITS.chapter_number, `must be at most ${CHAPTER_LIMITS.chapter_number}`);

/**
 * An ISO date and time with its offset, in the years 1 to 9999 once in UTC: Postgres has no year 0
 * and cannot read a JS year 10000, so such an instant would fail in the database instead of answering 400.
 */
const instant = (error: string) =>
  z.iso.datetime({ offset: true, error }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  }, error);

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
  release_at: instant('must be a date and time such as 2026-11-24T18:00:00+01:00').nullable(),
  note_before: z.string().max(CHAPTER_LIMITS.note),
  note_after: z.string().max(CHAPTER_LIMITS.note),
  content_warnings: contentWarningsField,
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
  note_before: 'The note before the chapter',
  note_after: 'The note after the chapter',
  content_warnings: 'The content warnings',
};

export const chapterCreateSchema = z
  .strictObject({
    story_id: idField,
    ...chapterFields,
    status: chapterFields.status.default('draft'),
    release_at: chapterFields.release_at.optional(),
    note_before: chapterFields.note_before.default(''),
    note_after: chapterFields.note_after.default(''),
    content_warnings: chapterFields.content_warnings.default([]),
  })
  .register(fieldLabels, CHAPTER_LABELS);
export type ChapterCreate = z.output<typeof chapterCreateSchema>;
/** What the admin's chapter form sends, to create (with the story's id) or to update (with the chapter's id). */
export type ChapterInput = Omit<z.input<typeof chapterCreateSchema>, 'story_id'>;

/** The id plus any fields to change. */
export const chapterUpdateSchema = z
  .strictObject({
    id: idField,
    title: chapterFields.title.optional(),
    slug: chapterFields.slug.optional(),
    content: chapterFields.content.optional(),
    chapter_number: chapterFields.chapter_number.optional(),
    status: chapterFields.status.optional(),
    release_at: chapterFields.release_at.optional(),
    note_before: chapterFields.note_before.optional(),
    note_after: chapterFields.note_after.optional(),
    content_warnings: chapterFields.content_warnings.optional(),
    /** The chapter's updated_at exactly as the API gave it: the save is refused (409) when the chapter changed since. */
    expected_updated_at: instant('must be the updated_at the API gave').optional(),
  })
  .register(fieldLabels, { ...CHAPTER_LABELS, expected_updated_at: 'The last update' });
export type ChapterUpdate = Omit<z.output<typeof chapterUpdateSchema>, 'expected_updated_at'>;
/** What the reader's Edit dialog sends: the id and the fields it changes. */
export type ChapterUpdateInput = z.input<typeof chapterUpdateSchema>;

export const chapterDeleteSchema = z.strictObject({ id: idField });

/** A move to a number beyond the last chapter places the chapter last, so only the lower bound is checked. */
export const chapterMoveSchema = z
  .strictObject({
    id: idField,
    chapter_number: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(2 ** 31 - 1),
  })
  .register(fieldLabels, { chapter_number: CHAPTER_LABELS.chapter_number });

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

/** 'Go to chapter' on a story page (docs/product.md, Progress and the chapter list). */
export const chapterGoQuery = z.strictObject({
  story_slug: z.string().min(1).max(SLUG_MAX_LENGTH),
  chapter_number: positiveInteger(CHAPTER_LIMITS.chapter_number),
});

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
