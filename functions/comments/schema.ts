// The API's input rules for comments: every request is checked here first.
import { z } from 'zod';
import { idField, idParam } from '#core/fields.ts';

import { COMMENT_AUTHOR_MAX_LENGTH, COMMENT_TEXT_MAX_LENGTH, DEFAULT_COMMENT_AUTHOR } from '#lib/limits.ts';

/** Name and text as every comment form sends them; image comments reuse these beside image_id. */
export const commentFields = {
  /** Optional; left out, null or blank means 'Anonymous'. */
  author_name: z
    .string()
    .trim()
    .max(COMMENT_AUTHOR_MAX_LENGTH)
    .nullish()
    .transform((name) => name || DEFAULT_COMMENT_AUTHOR),
  content: z.string().trim().min(1).max(COMMENT_TEXT_MAX_LENGTH),
};

/**
 * The chapter form's hidden "website" field: people never see it, so never fill it; spam bots fill
 * every field. Any string is accepted so that a bot cannot tell the trap from a real field.
 */
const spamTrap = z.string().nullish();

export const chapterCommentListQuery = z.strictObject({ chapter_id: idParam });

export const chapterCommentCreateSchema = z.strictObject({
  chapter_id: idField,
  ...commentFields,
  website: spamTrap,
});

/** Image comments reuse the chapter's name and text limits and spam trap, with image_id in place of chapter_id. */
export const imageCommentListQuery = z.strictObject({ image_id: idParam });
export const imageCommentCreateSchema = chapterCommentCreateSchema.omit({ chapter_id: true }).extend({ image_id: idField });
