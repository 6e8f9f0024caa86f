// The API's input rules for the autosaved working copy of a chapter.
import { z } from 'zod';
import { idField, idParam } from '#core/fields.ts';
import { CHAPTER_LIMITS } from '#lib/limits.ts';
import { fieldLabels } from '#core/zod-messages.ts';

/** The chapter's own limits, but a working copy may be half-written: an empty title or text is kept too. */
export const autosaveSchema = z
  .strictObject({
    chapter_id: idField,
    title: z.string().max(CHAPTER_LIMITS.title),
    content: z.string().max(CHAPTER_LIMITS.content),
  })
  .register(fieldLabels, { chapter_id: 'The chapter', title: 'The title', content: 'The content' });

export const autosaveQuery = z.strictObject({ chapter_id: idParam });
