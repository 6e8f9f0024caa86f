// The chapter's like button (SPEC 4, Chapter like): a click toggles, and the count and state
// always come from the server's answer. Loading failures are only logged (SPEC 8).
import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { apiRequest } from '../lib/api-client.ts';

interface LikeState {
  like_count: number;
  user_liked: boolean;
}

export default function LikeButton({ chapterId }: { chapterId: number }) {
  const [state, setState] = useState<LikeState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiRequest<LikeState>(`/api/chapters/like?chapter_id=${chapterId}`)
      .then(setState)
      .catch((error: unknown) => console.warn('Loading likes failed', error));
  }, [chapterId]);

  async function toggle() {
    setBusy(true);
    try {
      setState(await apiRequest<LikeState>('/api/chapters/like', { json: { chapter_id: chapterId } }));
    } catch (error) {
      console.warn('Liking failed', error);
    } finally {
      setBusy(false);
    }
  }

  const liked = state?.user_liked ?? false;
  const count = state?.like_count ?? 0;
  return (
    <div className="like-row">
      <button type="button" className={`btn like-button${liked ? ' is-liked' : ''}`} aria-pressed={liked} disabled={busy || !state} onClick={() => void toggle()}>
        <Heart size={18} aria-hidden="true" fill={liked ? 'currentColor' : 'none'} />
        {liked ? 'Liked' : 'Like'}
      </button>
      <span className="muted" aria-live="polite">
        {state ? (count === 1 ? '1 like' : `${count} likes`) : ''}
      </span>
    </div>
  );
}
