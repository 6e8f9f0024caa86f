// The API's input rules for moderation: the list filters, a moderation action, a ban.
import { z } from 'zod';
import { idField } from '#core/fields.ts';
import { COMMENT_STATUSES } from '#db/types.ts';
import { BAN_REASON_MAX_LENGTH } from '#lib/limits.ts';
import { parseBanTarget } from '#core/ip-address.ts';
import { fieldLabels } from '#core/zod-messages.ts';

/** The comment list's page size and its ceiling: the newest 500 are more than a moderator reads at once. */
export const MODERATION_PAGE_MAX = 500;

/** A positive whole number in the query string, with a default when left out. */
const countParam = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be a positive whole number').max(max))
    .default(fallback);

/** Status and type are left out for 'all'. */
export const commentListQuery = z.strictObject({
  status: z.enum(COMMENT_STATUSES).optional(),
  type: z.enum(['images', 'stories']).optional(),
  page: countParam(1, 100_000),
  limit: countParam(MODERATION_PAGE_MAX, MODERATION_PAGE_MAX),
});
export type CommentListQuery = z.output<typeof commentListQuery>;

export const MODERATION_ACTIONS = ['approve', 'reject', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Comment ids are unique across chapter and image comments (one sequence), so the id alone names one. */
export const moderateBody = z.strictObject({ id: idField, action: z.enum(MODERATION_ACTIONS) });

/** Long enough for any address or range typed by hand; the message quotes at most this much. */
const IP_INPUT_MAX_LENGTH = 100;

export const banBody = z
  .strictObject({
    ip_address: z
      .string()
      .trim()
      .min(1, 'IP address is required.')
      .max(IP_INPUT_MAX_LENGTH)
      .transform((text, ctx) => {
        const target = parseBanTarget(text);
        if (target.ok) return target.value;
        ctx.addIssue({ code: 'custom', message: `IP address '${text}' ${target.problem}.` });
        return z.NEVER;
      }),
    /** Optional; the column holds at most 500 characters. */
    reason: z
      .string()
      .trim()
      .max(BAN_REASON_MAX_LENGTH)
      .nullish()
      .transform((reason) => reason ?? ''),
  })
  .register(fieldLabels, { ip_address: 'The IP address', reason: 'The reason' });

/** What the moderation screen sends to ban an address or a range. */
export type BanInput = z.input<typeof banBody>;

export const unbanBody = z.strictObject({ id: idField });
