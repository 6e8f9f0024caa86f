// The export and import calls' input, as the server validates it.
import { z } from 'zod';

/** "1"/"true" ask for it; the admin's checkbox sends "1". */
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

export const exportQuery = z.strictObject({ analytics: flag.optional() });

export const importForm = z.strictObject({
  file: z.instanceof(File, { error: (issue) => (issue.input === undefined ? 'file is required' : 'file must be a file') }),
  replace: flag.optional(),
});

/** The archive sent as the whole body (application/zip), streamed: the confirmation rides in the query. */
export const importQuery = z.strictObject({ replace: flag.optional() });
