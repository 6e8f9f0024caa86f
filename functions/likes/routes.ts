// Chapter likes (SPEC 7): anyone may like a published chapter once; liking again takes it back.
// Visitors are told apart by the visitor cookie (visitor.ts). Likes change no page, so no rebuild.
// Liking is refused to banned addresses and limited per address (issue 8).
import { Hono } from 'hono';
import type { AppEnv } from '../core/env.ts';
import { bannedAddressGuard } from '../core/guards.ts';
import { LIKE_LIMIT, rateLimit } from '../core/rate-limit.ts';
import { jsonBody, queryParams } from '../core/validate.ts';
import { chapterLikeBody, chapterLikeQuery } from './schema.ts';
import { CHAPTER_LIKES, likeStore } from './store.ts';
import { chapterTarget } from './targets.ts';
import { toggleReaderLike } from './toggle.ts';
import { readVisitor } from './visitor.ts';

/** Mounted on /chapters beside the chapter routes: /api/chapters/like. */
export const chapterLikeRoutes = new Hono<AppEnv>()
  .get('/like', queryParams(chapterLikeQuery), async (c) => {
    const { db } = c.var.deps;
    const { chapter_id } = c.req.valid('query');
    await chapterTarget.assertReadable(db, chapter_id);
    // A GET never issues the cookie: a visitor without one simply has not liked anything.
    return c.json({ success: true, ...(await likeStore.state(db, CHAPTER_LIKES, chapter_id, readVisitor(c))) });
  })

  .post('/like', bannedAddressGuard, jsonBody(chapterLikeBody), rateLimit(LIKE_LIMIT), async (c) => {
    const { chapter_id } = c.req.valid('json');
    return c.json({ success: true, ...(await toggleReaderLike(c, chapterTarget, CHAPTER_LIKES, chapter_id)) });
  });
