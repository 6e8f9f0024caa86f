// A like toggle for anything visitors like (a chapter, a gallery image): a click toggles, and the
// count and state always come from the server's answer. Loading failures are only
// logged (docs/product.md, Forms and messages); offline, it says so and tries again once the
// network is back (docs/product.md, Installing the site and reading offline). The caller says how to load and toggle; pass stable functions (useCallback).
import { Heart } from '#lib/icons.tsx';
import { useEffect, useState } from 'react';
import { isOffline, OFFLINE_MESSAGE } from '#lib/api-client.ts';
import { sendLike } from '#lib/like-request.ts';

export interface LikeState {
  like_count: number;
  user_liked: boolean;
}

interface Props {
  load: () => Promise<LikeState>;
  toggle: () => Promise<LikeState>;
  /** Told every state the server answered, so a count shown elsewhere can follow. */
  onChange?: (state: LikeState) => void;
}

export default function LikeToggle({ load, toggle, onChange }: Props) {
  const [state, setState] = useState<LikeState | null>(null);
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    let current = true;
    const fetchState = () => {
      setOffline(false);
      load()
        .then((answer) => current && setState(answer))
        .catch((error: unknown) => {
          if (current && isOffline(error)) setOffline(true);
          else console.warn('Loading likes failed', error);
        });
    };
    setState(null);
    fetchState();
    window.addEventListener('online', fetchState);
    return () => {
      current = false;
      window.removeEventListener('online', fetchState);
    };
  }, [load]);

  async function click() {
    setBusy(true);
    try {
      const answer = await sendLike(toggle);
      setState(answer);
      onChange?.(answer);
    } catch (error) {
      if (isOffline(error)) setOffline(true);
      else console.warn('Liking failed', error);
    } finally {
      setBusy(false);
    }
  }

  const liked = state?.user_liked ?? false;
  const count = state?.like_count ?? 0;
  return (
    <div className="like-row">
      <button
        type="button"
        className={`btn like-button${liked ? ' is-liked' : ''}`}
        aria-pressed={liked}
        disabled={busy || !state}
        onClick={() => void click()}
      >
        <Heart size={18} aria-hidden="true" fill={liked ? 'currentColor' : 'none'} />
        {liked ? 'Liked' : 'Like'}
      </button>
      <span className="muted" aria-live="polite">
        {offline ? OFFLINE_MESSAGE : state ? (count === 1 ? '1 like' : `${count} likes`) : ''}
      </span>
    </div>
  );
}
