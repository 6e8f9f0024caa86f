// Emails of the outbox: when, to whom, what, their state and the mail server's answer; failed
// rows get a Retry button when `onRetry` is given.
import type { OutboxRow } from './api.ts';
import { localDate, outboxSubject, STATE_LABEL } from './display.ts';
import { TableHead } from './parts.tsx';

interface OutboxTableProps {
  rows: readonly OutboxRow[];
  caption: string;
  busy?: boolean;
  onRetry?(id: number): void;
}

export function OutboxTable({ rows, caption, busy = false, onRetry }: OutboxTableProps) {
  return (
    <table className="subscribers-table outbox-table">
      <caption className="visually-hidden">{caption}</caption>
      <TableHead columns={['To', 'Email', 'State', 'When', 'Answer']} actions={Boolean(onRetry)} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" className="subscriber-email">
              {row.email}
            </th>
            <td data-label="Email">{outboxSubject(row)}</td>
            <td data-label="State">
              <span className={`badge badge-mail-${row.state}`}>{STATE_LABEL[row.state]}</span>
              {row.attempts > 1 && <span className="muted"> after {row.attempts} tries</span>}
            </td>
            <td data-label="When">
              <time dateTime={row.sent_at ?? row.updated_at}>{localDate(row.sent_at ?? row.updated_at)}</time>
            </td>
            <td data-label="Answer" className="outbox-answer">
              {row.last_error ?? <span className="muted">None</span>}
            </td>
            {onRetry && (
              <td>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={busy}
                  aria-label={`Retry the email to ${row.email}`}
                  onClick={() => onRetry(row.id)}
                >
                  Retry
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
