// Chapter and image likes: anyone may like a published chapter or an image once; liking
// again takes it back. The lightbox's answers carry the image's comment count beside its likes.
// Visitors are told apart by the visitor cookie (visitor.ts), which reading the like state issues.
// Likes change no page, so no rebuild.
// Liking is refused to banned addresses and limited per address (docs/product.md, Security).
import { Hono } from 'hono';
import { commentStore, IMAGE_COMMENTS } from '#functions/comments/store.ts';
import { chapterTarget, imageTarget } from '#functions/comments/targets.ts';
import type { AppEnv } from '#core/env.ts';
import { bannedAddressGuard } from '#core/guards.ts';
import { LIKE_LIMIT, rateLimit } from '#core/rate-limit.ts';
import { jsonBody, queryParams } from '#core/validate.ts';
import { chapterLikeBody, chapterLikeQuery, imageLikeBody, imageLikeQuery } from './schema.ts';
import { CHAPTER_LIKES, IMAGE_LIKES } from './store.ts';
import { readerLikeState, toggleReaderLike } from './toggle.ts';

/** Mounted on /chapters beside the chapter routes: /api/chapters/like. */
export const chapterLikeRoutes = new Hono<AppEnv>()
  .get('/like', queryParams(chapterLikeQuery), async (c) => {
    return c.json({ success: true, ...(await readerLikeState(c, chapterTarget, CHAPTER_LIKES, c.req.valid('query').chapter_id)) });
  })

  .post('/like', bannedAddressGuard, jsonBody(chapterLikeBody), rateLimit(LIKE_LIMIT), async (c) => {
    const { chapter_id } = c.req.valid('json');
    return c.json({ success: true, ...(await toggleReaderLike(c, chapterTarget, CHAPTER_LIKES, chapter_id)) });
  });

/** Mounted on /images beside the gallery image routes: /api/images/gallery-stats and /gallery-like. */
export const imageLikeRoutes = new Hono<AppEnv>()
  .get('/gallery-stats', queryParams(imageLikeQuery), async (c) => {
    const { db } = c.var.deps;
    const { image_id } = c.req.valid('query');
    const { like_count, user_liked } = await readerLikeState(c, imageTarget, IMAGE_LIKES, image_id);
    return c.json({
      ok: true,
      likes: like_count,
      comments: await commentStore.countApproved(db, IMAGE_COMMENTS, image_id),
      liked: user_liked,
    });
  })

  .post('/gallery-like', bannedAddressGuard, jsonBody(imageLikeBody), rateLimit(LIKE_LIMIT), async (c) => {
    const { db } = c.var.deps;
    const { image_id } = c.req.valid('json');
    const { like_count, user_liked } = await toggleReaderLike(c, imageTarget, IMAGE_LIKES, image_id);
    return c.json({ success: true, like_count, comments: await commentStore.countApproved(db, IMAGE_COMMENTS, image_id), user_liked });
  });
