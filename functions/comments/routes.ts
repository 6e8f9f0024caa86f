// Chapter and image comments: readers list approved comments and submit new ones, which wait for
// moderation. They are loaded live by the reader's island and the lightbox, so submitting rebuilds
// nothing. Submitting is refused to banned addresses and limited per address (docs/product.md, Security).
import { Hono } from 'hono';
import type { AppEnv } from '#core/env.ts';
import { bannedAddressGuard } from '#core/guards.ts';
import { COMMENT_LIMIT, rateLimit } from '#core/rate-limit.ts';
import { jsonBody, queryParams } from '#core/validate.ts';
import { chapterCommentCreateSchema, chapterCommentListQuery, imageCommentCreateSchema, imageCommentListQuery } from './schema.ts';
import { CHAPTER_COMMENTS, commentStore, IMAGE_COMMENTS } from './store.ts';
import { submitReaderComment } from './submit.ts';
import { chapterTarget, imageTarget } from './targets.ts';

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

/** Mounted on /images beside the gallery image routes: /api/images/gallery-comment-list and /gallery-comment-create. */
export const imageCommentRoutes = new Hono<AppEnv>()
  .get('/gallery-comment-list', queryParams(imageCommentListQuery), async (c) => {
    const { db } = c.var.deps;
    const { image_id } = c.req.valid('query');
    await imageTarget.assertReadable(db, image_id);
    const rows = await commentStore.listApproved(db, IMAGE_COMMENTS, image_id);
    const comments = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    return c.json({ success: true, comments });
  })

  .post('/gallery-comment-create', bannedAddressGuard, jsonBody(imageCommentCreateSchema), rateLimit(COMMENT_LIMIT), async (c) => {
    const { image_id, ...comment } = c.req.valid('json');
    await submitReaderComment(c, imageTarget, IMAGE_COMMENTS, image_id, comment);
    return c.json({ success: true, message: COMMENT_SUBMITTED }, 201);
  });
