// The input rules of following by email: every request is checked here first. Addresses are
// checked and put in their one stored form by src/lib/email-address.ts, which the form uses too.
import { z } from 'zod';
import { idParam, slugField } from '#core/fields.ts';
import { SUBSCRIBER_STATUSES } from '#db/types.ts';
import { checkEmailAddress } from '#lib/email-address.ts';
import { SUBSCRIBER_IMPORT_MAX_CHARACTERS } from '#lib/limits.ts';

/** An address as typed, turned into its stored form (lower case, ASCII domain), or its problem as the message. */
export const emailField = z.string().transform((input, ctx) => {
  const checked = checkEmailAddress(input);
  if (checked.ok) return checked.email;
  ctx.addIssue({ code: 'custom', message: checked.error });
  return z.NEVER;
});

/** A story's slug, or every story: null, left out, or an empty form field (the "every story" choice). */
const scopeField = z.preprocess((value) => (value === '' ? null : value), slugField.nullish()).transform((slug) => slug ?? null);

/** Links carry `id.mac` (tokens.ts); anything far longer is not one, and is not worth hashing. */
const tokenField = z.string().max(100);

export const subscribeBody = z.strictObject({ email: emailField, story_slug: scopeField });
export type SubscribeInput = z.output<typeof subscribeBody>;

export const confirmBody = z.strictObject({ token: tokenField });

export const UNSUBSCRIBE_SCOPES = ['this', 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/**
 * What an unsubscribe carries, from the query and the body together: the token, and which
 * subscriptions to end. Mail providers post `List-Unsubscribe=One-Click` (RFC 8058) and nothing
 * else; our page posts a scope.
 */
export const unsubscribeBody = z.object({
  token: tokenField,
  scope: z.enum(UNSUBSCRIBE_SCOPES).default('this'),
  'List-Unsubscribe': z.literal('One-Click').optional(),
});

export const tokenQuery = z.strictObject({ token: tokenField });

export const subscriberListQuery = z.strictObject({
  q: z.string().trim().max(254).optional(),
  /** A story's slug, or `all`: the subscribers of every story. */
  story_slug: z.union([z.literal('all'), slugField]).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
});
export type SubscriberListQuery = z.output<typeof subscriberListQuery>;

export const subscriberIdParam = z.strictObject({ id: idParam });

export const importBody = z.strictObject({
  csv: z.string().max(SUBSCRIBER_IMPORT_MAX_CHARACTERS, 'The CSV file is too large (the limit is 1 MB).'),
  story_slug: scopeField,
});
