// Whether the public site shows the latest changes: 'Publishing…' while a rebuild is queued or
// running, the time of the last successful publish, or the last failure with its message (the
// previous site keeps serving); beside it a failed backup. A full disk is said in plain words.
// It polls quickly while publishing; every save refreshes it (src/admin/data/client.ts).
import './publish-status.css';
import { useQuery } from '@tanstack/react-query';
import type { Failure, PublishState } from '#core/rebuild.ts';
import { apiRequest } from '#lib/api-client.ts';
import { queryKeys } from './data/keys.ts';

const BUSY_POLL_MS = 1500;
const IDLE_POLL_MS = 30_000;

function formatTime(iso: string): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : date.toLocaleString();
}

export function PublishStatus() {
  const { data: state, isError } = useQuery({
    queryKey: queryKeys.publishState,
    queryFn: async () => (await apiRequest<{ state: PublishState }>('/api/admin/publish-state')).state,
    refetchInterval: (query) => (query.state.data?.publishing ? BUSY_POLL_MS : IDLE_POLL_MS),
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });

  if (!state || isError) return null; // signed out or offline: show nothing rather than a stale state
  return (
    <div className="publish-status" role="status" aria-live="polite">
      {state.publishing ? (
        <span className="publish-pill publish-busy">Publishing…</span>
      ) : state.last_error ? (
        <FailurePill
          failure={state.last_error}
          title="Publish failed"
          explanation="The previous version of the site is still online; the next change publishes again."
        />
      ) : state.last_published_at ? (
        <span className="publish-pill publish-ok">
          Published <time dateTime={state.last_published_at}>{formatTime(state.last_published_at)}</time>
        </span>
      ) : (
        <span className="publish-pill">Not published yet</span>
      )}
      {state.backup_error && (
        <FailurePill
          failure={state.backup_error}
          title="Backup failed"
          explanation="The earlier backups are kept; it is tried again within an hour."
        />
      )}
    </div>
  );
}

const DISK_FULL_ADVICE = 'The server is out of disk space: free some (old backups, unused uploads).';

function FailurePill({ failure, title, explanation }: { failure: Failure; title: string; explanation: string }) {
  return (
    <details className="publish-failed">
      <summary className="publish-pill publish-error">
        {failure.disk_full ? `${title}: disk full` : title} at {formatTime(failure.at)}
      </summary>
      <div className="popover publish-error-detail">
        {failure.disk_full && <p>{DISK_FULL_ADVICE}</p>}
        <p>{explanation}</p>
        <pre>{failure.message}</pre>
      </div>
    </details>
  );
}
