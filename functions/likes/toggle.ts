// A reader's like on a chapter or an image, as both like routes take it.
import type { Context } from 'hono';
import type { AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { type LikeState, type LikeTable, likeStore } from './store.ts';
import type { ReaderTarget } from '#functions/comments/targets.ts';
import { ensureVisitor, readVisitor } from './visitor.ts';

/** The like button retries once on it, the cookie now set (src/islands/LikeToggle.tsx). */
export const RETRY_WITH_COOKIE = 'Your browser has just been given its visitor cookie. Please like again.';

/**
 * Likes the target for this visitor, or takes the like back; 404 when readers may not see it.
 * A request without a visitor cookie we issued counts nothing: it gets one and a 409.
 */
export async function toggleReaderLike(c: Context<AppEnv>, target: ReaderTarget, likes: LikeTable, targetId: number): Promise<LikeState> {
  const { db } = c.var.deps;
  await target.assertReadable(db, targetId);
  const visitor = await readVisitor(c);
  if (!visitor) {
    await ensureVisitor(c);
    throw new AppError(409, RETRY_WITH_COOKIE);
  }
  await target.write(() => likeStore.toggle(db, likes, targetId, visitor));
  return likeStore.state(db, likes, targetId, visitor);
}

/** The like state a reader's like button loads; it issues the visitor cookie a like needs. */
export async function readerLikeState(c: Context<AppEnv>, target: ReaderTarget, likes: LikeTable, targetId: number): Promise<LikeState> {
  const { db } = c.var.deps;
  await target.assertReadable(db, targetId);
  return likeStore.state(db, likes, targetId, await ensureVisitor(c));
}
