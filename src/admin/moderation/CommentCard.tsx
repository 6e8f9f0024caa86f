// One comment in the Moderation Manager: who wrote it (name, optional email, address
// with 'Ban IP'), its state, where it was left (a link and the context), the text and the date,
// and what can be done with it. Everything the visitor wrote is rendered as text.
import type { ModeratedComment, ModerationAction } from './api.ts';
import { commentStatus, localDate, safeContentLink, STATUS_LABEL } from './display.ts';

interface CommentCardProps {
  comment: ModeratedComment;
  /** The address is banned already: no 'Ban IP' button, a note instead. */
  ipBanned: boolean;
  busy: boolean;
  onAction(comment: ModeratedComment, action: ModerationAction): void;
  onBanIp(ip: string): void;
}

/** An approved comment cannot be approved again (nor a rejected one rejected); any can be deleted. */
const ACTIONS: { action: ModerationAction; label: string; style: string; notWhen?: string }[] = [
  { action: 'approve', label: 'Approve', style: 'button-primary', notWhen: 'approved' },
  { action: 'reject', label: 'Reject', style: 'button-ghost', notWhen: 'rejected' },
  { action: 'delete', label: 'Delete', style: 'button-danger' },
];

export function CommentCard({ comment, ipBanned, busy, onAction, onBanIp }: CommentCardProps) {
  const status = commentStatus(comment);
  const link = safeContentLink(comment.content_link);
  const author = comment.author_name || 'Anonymous';
  const kind = comment.comment_type === 'image' ? 'Image' : 'Chapter';
  const ip = comment.ip_address;

  return (
    <li className={`card moderation-comment${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <div className="moderation-comment-head">
        <p className="moderation-comment-author">
          <strong>{author}</strong>
          {comment.author_email && <span className="muted moderation-email">{comment.author_email}</span>}
        </p>
        <span className={`badge badge-comment-${status}`}>{STATUS_LABEL[status]}</span>
      </div>

      <p className="moderation-where">
        <span className="muted">{kind} · </span>
        {link ? (
          <a href={link} target="_blank" rel="noopener">
            {comment.content_title}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <span>{comment.content_title}</span>
        )}
        {comment.content_context && <span className="muted moderation-context">{comment.content_context}</span>}
      </p>

      <p className="moderation-text">{comment.content}</p>
      {comment.held_reason && <p className="muted moderation-held">Held: {comment.held_reason}</p>}

      <div className="moderation-comment-meta">
        <time className="muted" dateTime={comment.created_at}>
          {localDate(comment.created_at)}
        </time>
        <span className="moderation-ip">
          <span className="muted">IP </span>
          <code>{ip ?? 'unknown'}</code>
          {ip &&
            (ipBanned ? (
              <span className="badge badge-banned">Banned</span>
            ) : (
              <button type="button" className="button button-ghost button-small" aria-label={`Ban IP ${ip}`} onClick={() => onBanIp(ip)}>
                Ban IP
              </button>
            ))}
        </span>
      </div>

      <div className="row-actions moderation-actions">
        {ACTIONS.filter(({ notWhen }) => status !== notWhen).map(({ action, label, style }) => (
          <button
            key={action}
            type="button"
            className={`button ${style}`}
            disabled={busy}
            onClick={() => onAction(comment, action)}
            aria-label={`${label} comment by ${author}`}
          >
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}
