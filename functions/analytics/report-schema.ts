// What the Analytics Dashboard may ask: a period of 7, 30, 90 or 365 days
// (30 when left out), and for segments and content a kind from the fixed lists. Anything else,
// extra fields included, is refused with 400.
import { z } from 'zod';
import { ANALYTICS_PERIODS, AUDIENCE_SEGMENTS, CONTENT_KINDS, DEFAULT_ANALYTICS_PERIOD } from '#lib/analytics-report.ts';
import { SLUG_MAX_LENGTH } from '#lib/slugs.ts';

const days = z
  .enum(ANALYTICS_PERIODS.map(String) as [string, ...string[]], { error: `must be one of ${ANALYTICS_PERIODS.join(', ')}` })
  .default(String(DEFAULT_ANALYTICS_PERIOD))
  .transform((value) => Number(value) as (typeof ANALYTICS_PERIODS)[number]);

export const summaryQuery = z.strictObject({ days });
export const segmentQuery = z.strictObject({ days, segment: z.enum(AUDIENCE_SEGMENTS) });
export const contentQuery = z.strictObject({ days, type: z.enum(CONTENT_KINDS) });
/** Any text up to a slug's length: a story that does not exist is a 404, whatever its name. */
export const retentionQuery = z.strictObject({ days, story: z.string().min(1).max(SLUG_MAX_LENGTH) });
