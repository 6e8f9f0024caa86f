// Comments under a chapter, an island on the chapter page. The chapter reader names
// the text comment_text (docs/product.md, Shapes kept for older clients); failures are worded for a chapter.
import { useCallback } from 'react';
import { ApiError, apiRequest, NetworkError } from '#lib/api-client.ts';
import CommentThread, { type CommentInput } from './CommentThread.tsx';

interface ChapterComment {
  id: number;
  author_name: string;
  comment_text: string;
  created_at: string;
}

function chapterFailureMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'Failed to submit comment. Please try again.';
  return error instanceof ApiError ? error.message : 'Failed to submit comment';
}

export default function ChapterComments({ chapterId }: { chapterId: number }) {
  const load = useCallback(async () => {
    const { comments } = await apiRequest<{ comments: ChapterComment[] }>(`/api/chapters/comments/list?chapter_id=${chapterId}`);
    return comments.map(({ comment_text, ...comment }) => ({ ...comment, text: comment_text }));
  }, [chapterId]);
  const post = useCallback(
    async (comment: CommentInput) =>
      (await apiRequest<{ message?: string }>('/api/chapters/comments/create', { json: { chapter_id: chapterId, ...comment } })).message,
    [chapterId],
  );
  return <CommentThread load={load} post={post} failureMessage={chapterFailureMessage} />;
}
