// Whether the public site shows the latest changes: 'Publishing…' while a rebuild is queued or
// running, the time of the last successful publish, or the last failure with its message (the
// previous site keeps serving). It polls quickly while publishing and right after any save.
import './publish-status.css';
import { useCallback, useEffect, useState } from 'react';
import type { PublishState } from '../../functions/core/rebuild.ts';
import { apiRequest, CONTENT_CHANGED_EVENT } from '../lib/api-client.ts';

const BUSY_POLL_MS = 1500;
const IDLE_POLL_MS = 30_000;

function formatTime(iso: string): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : date.toLocaleString();
}

export function PublishStatus() {
  const [state, setState] = useState<PublishState | null>(null);

  const refresh = useCallback(async () => {
    try {
      setState((await apiRequest<{ state: PublishState }>('/api/admin/publish-state')).state);
    } catch {
      setState(null); // signed out or offline: show nothing rather than a stale state
    }
  }, []);

  useEffect(() => {
    void refresh();
    const onChange = () => void refresh();
    window.addEventListener(CONTENT_CHANGED_EVENT, onChange);
    window.addEventListener('focus', onChange);
    return () => {
      window.removeEventListener(CONTENT_CHANGED_EVENT, onChange);
      window.removeEventListener('focus', onChange);
    };
  }, [refresh]);

  useEffect(() => {
    const timer = setTimeout(() => void refresh(), state?.publishing ? BUSY_POLL_MS : IDLE_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, refresh]);

  if (!state) return null;
  return (
    <div className="publish-status" role="status" aria-live="polite">
      {state.publishing ? (
        <span className="publish-pill publish-busy">Publishing…</span>
      ) : state.last_error ? (
        <details className="publish-failed">
          <summary className="publish-pill publish-error">Publish failed at {formatTime(state.last_error.at)}</summary>
          <div className="publish-error-detail">
            <p>The previous version of the site is still online. The build said:</p>
            <pre>{state.last_error.message}</pre>
          </div>
        </details>
      ) : state.last_published_at ? (
        <span className="publish-pill publish-ok">
          Published <time dateTime={state.last_published_at}>{formatTime(state.last_published_at)}</time>
        </span>
      ) : (
        <span className="publish-pill">Not published yet</span>
      )}
    </div>
  );
}
