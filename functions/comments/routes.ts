// Chapter comments: readers list approved comments and submit new ones, which wait for
// moderation. They are loaded live by the reader's island, so submitting rebuilds nothing.
// Submitting is refused to banned addresses and limited per address (docs/product.md, Security).
import { Hono } from 'hono';
import type { AppEnv } from '../core/env.ts';
import { bannedAddressGuard } from '../core/guards.ts';
import { COMMENT_LIMIT, rateLimit } from '../core/rate-limit.ts';
import { jsonBody, queryParams } from '../core/validate.ts';
import { chapterTarget } from '../likes/targets.ts';
import { chapterCommentCreateSchema, chapterCommentListQuery } from './schema.ts';
import { CHAPTER_COMMENTS, commentStore } from './store.ts';
import { submitReaderComment } from './submit.ts';

/** The reader shows a message containing "successfully" in green. */
export const COMMENT_SUBMITTED = 'Comment submitted successfully! It will appear once it has been approved.';

/** Mounted on /chapters/comments: /api/chapters/comments/list and /create. */
export const chapterCommentRoutes = new Hono<AppEnv>()
  .get('/list', queryParams(chapterCommentListQuery), async (c) => {
    const { db } = c.var.deps;
    const { chapter_id } = c.req.valid('query');
    await chapterTarget.assertReadable(db, chapter_id);
    const rows = await commentStore.listApproved(db, CHAPTER_COMMENTS, chapter_id);
    // The chapter reader names the text comment_text (docs/product.md, Shapes kept for older clients); names and text are plain text,
    // sent as stored and rendered as text by the page.
    const comments = rows.map((row) => ({
      id: row.id,
      author_name: row.author_name,
      comment_text: row.content,
      created_at: row.created_at.toISOString(),
    }));
    return c.json({ success: true, comments });
  })

  .post('/create', bannedAddressGuard, jsonBody(chapterCommentCreateSchema), rateLimit(COMMENT_LIMIT), async (c) => {
    const { chapter_id, ...comment } = c.req.valid('json');
    await submitReaderComment(c, chapterTarget, CHAPTER_COMMENTS, chapter_id, comment);
    return c.json({ success: true, message: COMMENT_SUBMITTED }, 201);
  });
