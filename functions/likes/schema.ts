// The API's input rules for likes: the chapter id in the query (GET) or the JSON body (POST).
import { z } from 'zod';
import { targetIdField, targetIdParam } from './targets.ts';

export const chapterLikeQuery = z.strictObject({ chapter_id: targetIdParam });
export const chapterLikeBody = z.strictObject({ chapter_id: targetIdField });
