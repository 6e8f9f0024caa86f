// Input fields every feature's schemas share: row ids (in a JSON body or the query string) and slugs.
import { z } from 'zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '#lib/slugs.ts';

/** A row id: a positive whole number within Postgres' integer range (larger ones cannot exist, and would fail in the database instead of answering 400). */
export const idField = z
  .number()
  .int('must be a whole number')
  .positive('must be a positive whole number')
  .max(2 ** 31 - 1);

/** A row id in the query string. */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(idField);

export const slugField = z
  .string()
  .trim()
  .min(1)
  .max(SLUG_MAX_LENGTH)
  .regex(SLUG_PATTERN, 'may contain only lowercase letters, digits and single hyphens (such as the-lantern-fleet)');
