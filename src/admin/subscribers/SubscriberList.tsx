// The subscribers that match: address, what they follow, status, dates and 'Remove'. On a
// phone each row becomes a block with its labels (subscribers.css).
import type { Subscriber } from './api.ts';
import { localDate, scopeLabel } from './display.ts';
import { TableHead } from './parts.tsx';

interface SubscriberListProps {
  subscribers: readonly Subscriber[];
  titles: ReadonlyMap<string, string>;
  busyId: number | null;
  onRemove(subscriber: Subscriber): void;
}

export function SubscriberList({ subscribers, titles, busyId, onRemove }: SubscriberListProps) {
  return (
    <table className="subscribers-table subscriber-list">
      <caption className="visually-hidden">Subscribers, newest first</caption>
      <TableHead columns={['Email', 'Follows', 'Status', 'Subscribed', 'Confirmed']} actions />
      <tbody>
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id} className={busyId === subscriber.id ? 'is-busy' : undefined}>
            <th scope="row" className="subscriber-email">
              {subscriber.email}
            </th>
            <td data-label="Follows">{scopeLabel(subscriber.story_slug, titles)}</td>
            <td data-label="Status">
              <span className={`badge badge-subscriber-${subscriber.status}`}>
                {subscriber.status === 'confirmed' ? 'Confirmed' : 'Waiting'}
              </span>
            </td>
            <td data-label="Subscribed">
              <time dateTime={subscriber.created_at}>{localDate(subscriber.created_at)}</time>
            </td>
            <td data-label="Confirmed">
              {subscriber.confirmed_at ? (
                <time dateTime={subscriber.confirmed_at}>{localDate(subscriber.confirmed_at)}</time>
              ) : (
                <span className="muted">Not yet</span>
              )}
            </td>
            <td>
              <button
                type="button"
                className="button button-danger button-small"
                disabled={busyId === subscriber.id}
                aria-label={`Remove ${subscriber.email}`}
                onClick={() => onRemove(subscriber)}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
