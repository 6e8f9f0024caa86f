// The API's input rules for stories: every request is checked here first.
import { z } from 'zod';
import { idField, slugField } from '#core/fields.ts';
import { GENRES, type Genre } from '#lib/genres.ts';
import { STORY_LIMITS, URL_MAX_LENGTH } from '#lib/limits.ts';
import { SLUG_MAX_LENGTH } from '#lib/slugs.ts';
import { STORY_STATUSES } from '#lib/stories.ts';
import { normaliseImagePath } from '#lib/upload-paths.ts';
import { isSitePath, isWebUrl, lowerCaseScheme } from '#lib/web-addresses.ts';
import { fieldLabels } from '#core/zod-messages.ts';

const text = (max: number) => z.string().trim().max(max);

/**
 * A cover or page break: an http(s) URL, a path on this site, or an upload path in any of its
 * spellings (normalised to /api/uploads/…). Empty or null means "the default".
 */
const imageAddress = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH)
  .nullable()
  .transform((value) => (value ? lowerCaseScheme(normaliseImagePath(value)) : null))
  // After normalising, a bare file name has become /api/uploads/…; anything else ("javascript:",
  // "/\evil.example") is neither a path on this site nor a web URL.
  .refine(
    (value) =>
      value === null || isWebUrl(value) || (isSitePath(value) && /^\/[\w.~%/:@-]*$/.test(value) && !value.split('/').includes('..')),
    'must be an uploaded image, a path on this site or an http(s) URL',
  );

const genres = z
  .array(z.string())
  .max(GENRES.length)
  .refine((list) => list.every((genre) => (GENRES as readonly string[]).includes(genre)), {
    message: 'must come from the list (such as Space Opera or High Fantasy)',
  })
  .transform((list) => [...new Set(list)] as Genre[]);

const storyFields = {
  title: text(STORY_LIMITS.title).min(1),
  slug: slugField,
  description: text(STORY_LIMITS.description),
  blurb: text(STORY_LIMITS.blurb),
  genres,
  primary_keywords: text(STORY_LIMITS.primary_keywords),
  longtail_keywords: text(STORY_LIMITS.longtail_keywords),
  target_audience: text(STORY_LIMITS.target_audience),
  cover_image: imageAddress,
  break_image: imageAddress,
  status: z.enum(STORY_STATUSES),
  /** Only matters for adult stories: false turns their 18+ confirmation off. */
  age_gate: z.boolean(),
};

/** How messages name the fields (docs/product.md, "Messages"). */
const STORY_LABELS = {
  title: 'The title',
  slug: 'The slug',
  description: 'The description',
  blurb: 'The blurb',
  genres: 'The genres',
  primary_keywords: 'The primary keywords',
  longtail_keywords: 'The longtail keywords',
  target_audience: 'The target audience',
  cover_image: 'The cover image',
  break_image: 'The page break image',
  status: 'The status',
  age_gate: 'The 18+ confirmation setting',
};

/** Title and slug are required; everything else has a default. */
export const storyCreateSchema = z
  .strictObject({
    ...storyFields,
    description: storyFields.description.default(''),
    blurb: storyFields.blurb.default(''),
    genres: storyFields.genres.default([]),
    primary_keywords: storyFields.primary_keywords.default(''),
    longtail_keywords: storyFields.longtail_keywords.default(''),
    target_audience: storyFields.target_audience.default(''),
    cover_image: storyFields.cover_image.optional().transform((value) => value ?? null),
    break_image: storyFields.break_image.optional().transform((value) => value ?? null),
    status: storyFields.status.default('draft'),
    age_gate: storyFields.age_gate.default(true),
  })
  .register(fieldLabels, STORY_LABELS);
export type StoryCreate = z.output<typeof storyCreateSchema>;
/** What the admin's story form sends to create a story (fields with a default may be left out). */
export type StoryInput = z.input<typeof storyCreateSchema>;

/** The id plus any fields to change; fields left out stay as they are. */
export const storyUpdateSchema = z
  .strictObject({
    id: idField,
    ...Object.fromEntries(Object.entries(storyFields).map(([key, schema]) => [key, schema.optional()])),
  } as { id: typeof idField } & { [K in keyof typeof storyFields]: z.ZodOptional<(typeof storyFields)[K]> })
  .register(fieldLabels, STORY_LABELS);
export type StoryUpdate = z.output<typeof storyUpdateSchema>;

export const storyDeleteSchema = z.strictObject({ id: idField });

/** GET /api/stories/list: published stories, one story by slug, or (staff) every story. */
export const storyListQuery = z.strictObject({
  status: z.enum(STORY_STATUSES).optional(),
  slug: z.string().max(SLUG_MAX_LENGTH).optional(),
});
