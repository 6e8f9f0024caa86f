// The API's input rules for likes: the chapter's or image's id in the query (GET) or the JSON body (POST).
import { z } from 'zod';
import { idField, idParam } from '#core/fields.ts';

export const chapterLikeQuery = z.strictObject({ chapter_id: idParam });
export const chapterLikeBody = z.strictObject({ chapter_id: idField });
export const imageLikeQuery = z.strictObject({ image_id: idParam });
export const imageLikeBody = z.strictObject({ image_id: idField });
