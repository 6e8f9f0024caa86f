// One analytics event as the reader's pages send it (docs/product.md, What the pages record).
// Everything is checked here, so nothing a page (or anyone) sends can fail in the database.
import { z } from 'zod';
import { ANALYTICS_EVENT_TYPES } from '#db/types.ts';

/** meta is free-form ("name plus extras"); its JSON may take this many UTF-8 bytes. */
export const META_MAX_BYTES = 2048;

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** What crypto.randomUUID() and other UUID makers write, in either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const plainText = (max: number, typeError?: string) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? typeError : undefined) })
    .min(1)
    .max(max)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'must not contain control characters');

/** content_type and parent_type name a kind of thing (story, chapter, gallery, image). */
const kindName = z
  .string()
  .max(32)
  .regex(/^[a-z][a-z0-9_]*$/, 'must be a lowercase name (letters, digits and _)');

/** Ids are chapter numbers, slugs or database ids: numbers are kept as their text. */
const contentId = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  plainText(200, 'must be a string or a number'),
);

/**
 * A path on this site, as location.pathname gives it. A query or fragment is cut off (it can hold
 * search terms or tokens); '..' segments are kept as the text they are, since the path is only ever
 * counted and shown, never opened. '//' is refused: it would be a link to another site.
 */
const urlPath = plainText(2048)
  .refine((path) => path.startsWith('/') && !path.startsWith('//'), 'must be a path on this site, starting with /')
  .transform((path) => path.split(/[?#]/, 1)[0]!);

const referrer = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value), 'must be a URL');

/**
 * Free-form, so walked by nothing but JSON.stringify, on a body whose nesting was bounded before
 * it was parsed (jsonBodyText). Text jsonb cannot store (NUL, broken Unicode), in keys too, is
 * refused by parseOrThrow's check of every request, which walks without recursion.
 */
const meta = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => new TextEncoder().encode(JSON.stringify(value)).length <= META_MAX_BYTES,
    `is too large (at most ${META_MAX_BYTES} bytes of JSON)`,
  );

export const analyticsEventBody = z
  .strictObject({
    event_type: z.enum(ANALYTICS_EVENT_TYPES),
    session_id: z
      .string()
      .regex(UUID, 'must be a UUID')
      .transform((id) => id.toLowerCase())
      .nullish(),
    url_path: urlPath,
    referrer: referrer.nullish(),
    content_type: kindName.nullish(),
    content_id: contentId.nullish(),
    parent_type: kindName.nullish(),
    parent_id: contentId.nullish(),
    value_num: z.number().nullish(),
    meta: meta.optional(),
  })
  .superRefine((event, ctx) => {
    if (event.event_type !== 'chapter_depth') return;
    // The pages clamp reading depth to 0-1; anything else is not a depth.
    const depth = event.value_num;
    if (depth === null || depth === undefined || depth < 0 || depth > 1) {
      ctx.addIssue({ code: 'custom', path: ['value_num'], message: 'must be a reading depth between 0 and 1 for chapter_depth' });
    }
  });

export type AnalyticsEventInput = z.output<typeof analyticsEventBody>;
