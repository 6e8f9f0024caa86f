// The chapter's like button, an island on the chapter page.
import { useCallback } from 'react';
import { apiRequest } from '#lib/api-client.ts';
import LikeToggle, { type LikeState } from './LikeToggle.tsx';

export default function LikeButton({ chapterId }: { chapterId: number }) {
  const load = useCallback(() => apiRequest<LikeState>(`/api/chapters/like?chapter_id=${chapterId}`), [chapterId]);
  const toggle = useCallback(() => apiRequest<LikeState>('/api/chapters/like', { json: { chapter_id: chapterId } }), [chapterId]);
  return <LikeToggle load={load} toggle={toggle} />;
}
