// A reader's like on a chapter or an image, as both like routes take it.
import type { Context } from 'hono';
import type { AppEnv } from '../core/env.ts';
import { type LikeState, type LikeTable, likeStore } from './store.ts';
import type { ReaderTarget } from './targets.ts';
import { ensureVisitor } from './visitor.ts';

/** Likes the target for this visitor, or takes the like back; 404 when readers may not see it. */
export async function toggleReaderLike(c: Context<AppEnv>, target: ReaderTarget, likes: LikeTable, targetId: number): Promise<LikeState> {
  const { db } = c.var.deps;
  await target.assertReadable(db, targetId);
  const visitor = ensureVisitor(c);
  await target.write(() => likeStore.toggle(db, likes, targetId, visitor));
  return likeStore.state(db, likes, targetId, visitor);
}
