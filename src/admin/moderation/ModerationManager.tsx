// Moderation (/admin/moderation): the stats, the comments by status and content type
// with approve, reject, delete and 'Ban IP', the Ban IP dialog and the banned addresses.
// Built for a phone too: moderation is what an author does from anywhere.
import './moderation.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirm } from '../Modal.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { useSave } from '../data/useSave.ts';
import { type BannedIp, moderationApi, type ModeratedComment, type ModerationAction } from './api.ts';
import { BanIpForm, type BanRequest, COMMENT_BAN_REASON } from './BanIpForm.tsx';
import { BannedIpList } from './BannedIpList.tsx';
import { CommentCard } from './CommentCard.tsx';
import { CommentFilterBar } from './CommentFilterBar.tsx';
import { actionFailure, actionSuccess } from './display.ts';
import { ALL_COMMENTS, type CommentFilters } from './filters.ts';
import { ModerationStatsTiles } from './ModerationStatsTiles.tsx';
import { useModerationData } from './useModerationData.ts';
import { queryKeys } from '../data/keys.ts';

/** docs/product.md, Forms and messages. */
export const UNBAN_QUESTION = 'Are you sure you want to unban this IP address?';

export function ModerationManager() {
  const [filters, setFilters] = useState<CommentFilters>(ALL_COMMENTS);
  const { comments, commentsLoading, bans, stats, nothingLoaded } = useModerationData(filters);
  const [banning, setBanning] = useState<BanRequest | null>(null);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();
  const queryClient = useQueryClient();
  // A refused action may mean the list is out of date (another moderator acted): it refreshes too.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.moderation });

  const bannedAddresses = new Set(bans && 'data' in bans ? bans.data.map((ban) => ban.ip_address) : []);

  const moderation = useSave({
    mutationFn: ({ comment, action }: { comment: ModeratedComment; action: ModerationAction }) =>
      moderationApi.moderate(comment.id, action),
    invalidates: [queryKeys.moderation],
    onSuccess: (_answer, { action }) => showNotice({ kind: 'success', text: actionSuccess(action) }),
    onError: (error, { action }) => {
      showNotice({ kind: 'error', text: namedFailure(error, actionFailure(action)) });
      refresh();
    },
  });
  const unbanning = useSave({
    mutationFn: (ban: BannedIp) => moderationApi.unbanIp(ban.id),
    invalidates: [queryKeys.moderation],
    onSuccess: () => showNotice({ kind: 'success', text: 'IP address unbanned successfully!' }),
    onError: (error) => {
      showNotice({ kind: 'error', text: namedFailure(error, 'Failed to unban IP') });
      refresh();
    },
  });
  const busyComment = moderation.isPending ? moderation.variables.comment.id : null;
  const busyBan = unbanning.isPending ? unbanning.variables.id : null;

  async function moderate(comment: ModeratedComment, action: ModerationAction) {
    if (action === 'delete' && !(await confirm(`Delete the comment by ${comment.author_name || 'Anonymous'}? This cannot be undone.`)))
      return;
    moderation.mutate({ comment, action });
  }

  async function unban(ban: BannedIp) {
    if (await confirm(UNBAN_QUESTION, 'Unban')) unbanning.mutate(ban);
  }

  const commentList = comments && 'data' in comments ? comments.data.comments : null;
  const commentTotal = comments && 'data' in comments ? comments.data.total : 0;

  return (
    <>
      <div className="page-header">
        <h1>Moderation</h1>
        <button type="button" className="button button-primary" onClick={() => setBanning({ ip: '', reason: '' })}>
          Ban IP
        </button>
      </div>
      <NoticeBanner notice={notice} />
      {nothingLoaded && (
        <p className="notice notice-error" role="alert">
          Failed to load data
        </p>
      )}
      <ModerationStatsTiles stats={stats} showError={!nothingLoaded} />

      <div className="moderation-layout">
        <section className="moderation-comments" aria-labelledby="moderation-comments-title" aria-busy={commentsLoading}>
          <h2 id="moderation-comments-title">Comments</h2>
          <CommentFilterBar filters={filters} onChange={setFilters} />
          {comments && 'error' in comments && !nothingLoaded && (
            <p className="notice notice-error" role="alert">
              {comments.error}
            </p>
          )}
          {commentsLoading && <p role="status">Loading comments...</p>}
          {commentList?.length === 0 && !commentsLoading && <p className="muted">No comments found</p>}
          {commentList && commentTotal > commentList.length && (
            <p className="muted">
              Showing the newest {commentList.length} of {commentTotal} comments.
            </p>
          )}
          {commentList && commentList.length > 0 && (
            <ul className="moderation-comment-list">
              {commentList.map((comment) => (
                <CommentCard
                  key={`${comment.comment_type}-${comment.id}`}
                  comment={comment}
                  ipBanned={comment.ip_address !== null && bannedAddresses.has(comment.ip_address)}
                  busy={busyComment === comment.id}
                  onAction={(target, action) => void moderate(target, action)}
                  onBanIp={(ip) => setBanning({ ip, reason: COMMENT_BAN_REASON })}
                />
              ))}
            </ul>
          )}
        </section>

        <section id="moderation-bans" className="moderation-bans" aria-labelledby="moderation-bans-title" tabIndex={-1}>
          <h2 id="moderation-bans-title">Banned IP Addresses</h2>
          {bans === null && <p role="status">Loading banned IPs...</p>}
          {bans && 'error' in bans && !nothingLoaded && (
            <p className="notice notice-error" role="alert">
              {bans.error}
            </p>
          )}
          {bans && 'data' in bans && <BannedIpList bans={bans.data} busyId={busyBan} onUnban={(ban) => void unban(ban)} />}
        </section>
      </div>

      {banning && (
        <BanIpForm
          initial={banning}
          onClose={() => setBanning(null)}
          onBanned={() => {
            setBanning(null);
            showNotice({ kind: 'success', text: 'IP address banned successfully!' });
          }}
        />
      )}
      {dialog}
    </>
  );
}
