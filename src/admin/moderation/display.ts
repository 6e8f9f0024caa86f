// How the Moderation Manager words and shows what the API sends (docs/product.md, Forms and messages).
import type { BannedIp, CommentStatus, ModerationAction } from './api.ts';

const PAST_TENSE: Record<ModerationAction, string> = { approve: 'approved', reject: 'rejected', delete: 'deleted' };

/** 'Comment {approve|delete}d successfully!'; a rejection reads the same way. */
export const actionSuccess = (action: ModerationAction) => `Comment ${PAST_TENSE[action]} successfully!`;
/** 'Failed to {action} comment'. */
export const actionFailure = (action: ModerationAction) => `Failed to ${action} comment`;

/** Who banned an address, by username, or 'User {id}' when the account has none left. */
export function bannedByLabel(ban: Pick<BannedIp, 'banned_by' | 'banned_by_username'>): string {
  if (ban.banned_by_username) return ban.banned_by_username;
  return ban.banned_by === null ? 'Unknown' : `User ${ban.banned_by}`;
}

/**
 * The comment's content link when it is safe to follow: a path on this site or an http(s) address.
 * Anything else (javascript:, data:, '//host', '/\host') is shown as text only.
 */
export function safeContentLink(link: string | null | undefined): string | null {
  if (!link) return null;
  if (/^\/(?![/\\])/.test(link)) return link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The row's badge: rows are labelled approved or pending; a rejected one is marked as such. */
export const STATUS_LABEL: Record<CommentStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** A date in the person's own locale and time zone; the raw value when it does not parse. */
export function localDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The comment's state: the API's status, or is_approved where an older server sends only that. */
export function commentStatus(comment: { status?: CommentStatus; is_approved: number }): CommentStatus {
  return comment.status ?? (comment.is_approved === 1 ? 'approved' : 'pending');
}
