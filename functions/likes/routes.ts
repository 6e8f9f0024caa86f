// Chapter likes: anyone may like a published chapter once; liking again takes it back.
// Visitors are told apart by the visitor cookie (visitor.ts), which reading the like state issues.
// Likes change no page, so no rebuild.
// Liking is refused to banned addresses and limited per address (docs/product.md, Security).
import { Hono } from 'hono';
import type { AppEnv } from '../core/env.ts';
import { bannedAddressGuard } from '../core/guards.ts';
import { LIKE_LIMIT, rateLimit } from '../core/rate-limit.ts';
import { jsonBody, queryParams } from '../core/validate.ts';
import { chapterLikeBody, chapterLikeQuery } from './schema.ts';
import { CHAPTER_LIKES } from './store.ts';
import { chapterTarget } from './targets.ts';
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
