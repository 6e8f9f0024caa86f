// The Moderation Manager's calls. Moderating and banning may answer errors as plain text (a
// proxy's page, an older server), which apiRequest would reduce to 'Request failed (status)':
// those two go through postReadingTextErrors so the person reads the server's words. They are
// sent through useSave, which refreshes the publish state after them.
import { ApiError, apiRequest, NetworkError } from '#lib/api-client.ts';
import { commentListPath, type CommentFilters } from './filters.ts';

export type CommentStatus = 'pending' | 'approved' | 'rejected';
export type ModerationAction = 'approve' | 'reject' | 'delete';

export interface ModeratedComment {
  id: number;
  author_name: string;
  author_email?: string | null;
  ip_address: string | null;
  comment_type: 'image' | 'chapter';
  content_title: string;
  content_link: string;
  content_context: string;
  /** 1 means approved. */
  is_approved: number;
  status: CommentStatus;
  /** Why the server held it for review (many links, …), when it says. */
  held_reason?: string | null;
  content: string;
  created_at: string;
}

export interface BannedIp {
  id: number;
  ip_address: string;
  reason: string | null;
  banned_by: number | null;
  banned_by_username: string | null;
  banned_at: string;
}

export interface ModerationStats {
  pending_comments: number;
  approved_comments: number;
  rejected_comments: number;
  banned_ips: number;
}

const MAX_MESSAGE_LENGTH = 300;

/**
 * What went wrong according to an answer (an error status, or JSON with `success: false`): the
 * JSON `error`, else the plain text, else the status. null when the call succeeded.
 */
export function answerFailure(status: number, body: string): string | null {
  const text = body.trim();
  let parsed: { success?: unknown; error?: unknown } | null = null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object') parsed = value;
  } catch {
    // not JSON: the plain text is the message
  }
  if (status < 400 && parsed?.success !== false) return null;
  if (typeof parsed?.error === 'string' && parsed.error) return parsed.error;
  const plain = parsed ? '' : text;
  // A proxy's error page can be long; the banner shows its start.
  return (plain.length > MAX_MESSAGE_LENGTH ? `${plain.slice(0, MAX_MESSAGE_LENGTH)}…` : plain) || `Request failed (${status})`;
}

async function postReadingTextErrors(path: string, json: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'Network error');
  }
  const failure = answerFailure(response.status, await response.text().catch(() => ''));
  if (failure !== null) throw new ApiError(response.status, failure);
}

export const moderationApi = {
  /** The newest comments (the server sends at most its page size) and how many match in all. */
  comments: async (filters: CommentFilters) => {
    const { comments, total } = await apiRequest<{ comments: ModeratedComment[]; total?: number }>(commentListPath(filters));
    return { comments, total: total ?? comments.length };
  },
  moderate: (id: number, action: ModerationAction) => postReadingTextErrors('/api/admin/comments/moderate', { id, action }),
  banIp: (ip_address: string, reason: string) => postReadingTextErrors('/api/admin/ban-ip', { ip_address, reason }),
  unbanIp: (id: number) => apiRequest('/api/admin/unban-ip', { json: { id } }),
  bannedIps: async () => (await apiRequest<{ banned_ips: BannedIp[] }>('/api/admin/banned-ips/list')).banned_ips,
  stats: async () => (await apiRequest<{ stats: ModerationStats }>('/api/admin/mod-stats')).stats,
};
