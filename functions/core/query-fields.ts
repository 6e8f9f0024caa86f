// Query-string fields several routes share (pages, limits, numbers): they arrive as text.
import { z } from 'zod';

/** A whole number from 1 to `max`, written in the query string. */
export const positiveInteger = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(max, `must be at most ${max}`));
