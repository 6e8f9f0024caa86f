// What the Moderation Manager shows: the filtered comments, the banned addresses and the stats,
// each loaded on its own so one failure leaves the rest usable (SPEC 8 names each failure, and
// 'Failed to load data' when nothing could be loaded).
import { useCallback, useEffect, useRef, useState } from 'react';
import { namedFailure } from '../data/failure.ts';
import { type BannedIp, moderationApi, type ModerationStats } from './api.ts';
import type { CommentFilters } from './filters.ts';

type CommentPage = Awaited<ReturnType<typeof moderationApi.comments>>;

/** Still loading (null), loaded, or the failure's message. */
export type Loaded<T> = { data: T } | { error: string } | null;

async function settle<T>(load: () => Promise<T>, failure: string): Promise<Loaded<T>> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: namedFailure(error, failure) };
  }
}

export function useModerationData(filters: CommentFilters) {
  const [comments, setComments] = useState<Loaded<CommentPage>>(null);
  const [commentsLoading, setCommentsLoading] = useState(true);
  const [bans, setBans] = useState<Loaded<BannedIp[]>>(null);
  const [stats, setStats] = useState<Loaded<ModerationStats>>(null);
  // Answers to an older filter choice arrive late sometimes: only the latest request may land.
  const commentsRequest = useRef(0);

  const loadComments = useCallback(async () => {
    const request = ++commentsRequest.current;
    setCommentsLoading(true);
    const loaded = await settle(() => moderationApi.comments(filters), 'Failed to load comments');
    if (request !== commentsRequest.current) return;
    setComments(loaded);
    setCommentsLoading(false);
  }, [filters]);

  const loadBansAndStats = useCallback(async () => {
    const [loadedBans, loadedStats] = await Promise.all([
      settle(moderationApi.bannedIps, 'Failed to load banned IPs'),
      settle(moderationApi.stats, 'Failed to load stats'),
    ]);
    setBans(loadedBans);
    setStats(loadedStats);
  }, []);

  useEffect(() => void loadComments(), [loadComments]); // at first and for each filter choice
  useEffect(() => void loadBansAndStats(), [loadBansAndStats]);

  /** Everything again: after each action the stats and both lists change. */
  const reload = useCallback(() => Promise.all([loadComments(), loadBansAndStats()]), [loadComments, loadBansAndStats]);

  const nothingLoaded = [comments, bans, stats].every((part) => part !== null && 'error' in part);
  return { comments, commentsLoading, bans, stats, nothingLoaded, reload };
}
