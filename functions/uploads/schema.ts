// The upload form and the manage action, as the server validates them.
import { z } from 'zod';
import { UPLOAD_TYPES } from '#lib/upload-kinds.ts';
import { fieldLabels } from '#core/zod-messages.ts';

export const uploadFormSchema = z
  .strictObject({
    image: z.instanceof(File, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a file') }),
    type: z.enum(UPLOAD_TYPES),
  })
  .register(fieldLabels, { image: 'The image', type: 'The folder' });

export const manageActionSchema = z.strictObject({
  action: z.literal('delete'),
  /** A storage key ("covers/x.webp") or its address ("/api/uploads/covers/x.webp", "uploads/covers/x.webp"). */
  path: z.string().min(1).max(1024),
  /** Delete a file in use too, clearing its references (docs/product.md, "Deleting an upload that is in use"). */
  force: z.boolean().optional(),
});
