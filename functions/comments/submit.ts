// A reader's comment on a chapter or an image, as both create routes take it.
import type { Context } from 'hono';
import type { AppEnv } from '#core/env.ts';
import type { ReaderTarget } from './targets.ts';
import { type CommentTable, commentStore } from './store.ts';

export interface ReaderComment {
  author_name: string;
  content: string;
  /** The hidden spam trap: people leave it empty. */
  website?: string | null | undefined;
}

/**
 * Stores the comment as pending (404 when readers may not see the target). A filled-in trap is
 * a bot: it gets the very answer a person gets, and nothing is stored. A duplicate (the same text
 * again) gets that answer too: the first copy is stored.
 */
export async function submitReaderComment(
  c: Context<AppEnv>,
  target: ReaderTarget,
  comments: CommentTable,
  targetId: number,
  { author_name, content, website }: ReaderComment,
): Promise<void> {
  const { db, clientIp } = c.var.deps;
  await target.assertReadable(db, targetId);
  if (website) return;
  await target.write(() => commentStore.submit(db, comments, targetId, { author_name, content, ip_address: clientIp(c) }));
}
