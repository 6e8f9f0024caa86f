// The API's input rules for a chapter's revisions.
import { z } from 'zod';
import { idField, idParam } from '#core/fields.ts';
import { fieldLabels } from '#core/zod-messages.ts';

export const revisionListQuery = z.strictObject({ chapter_id: idParam });
export const revisionQuery = z.strictObject({ id: idParam });
export const revisionRestoreSchema = z
  .strictObject({ id: idField, chapter_id: idField })
  .register(fieldLabels, { id: 'The revision', chapter_id: 'The chapter' });
