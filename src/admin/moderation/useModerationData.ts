// What the Moderation Manager shows: the filtered comments, the banned addresses and the stats,
// each a query of its own so one failure leaves the rest usable (each failure is named, and
// 'Failed to load data' when nothing could be loaded). Keys carry the filters, so an answer for
// an older filter choice is never shown for this one (decision 0033).
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { namedFailure } from '../data/failure.ts';
import { moderationApi } from './api.ts';
import type { CommentFilters } from './filters.ts';
import { queryKeys } from '../data/keys.ts';

/** Every moderation query starts with this: an action invalidates them all. */

/** Still loading (null), loaded, or the failure's message. */
export type Loaded<T> = { data: T } | { error: string } | null;

function loaded<T>(query: UseQueryResult<T>, failure: string): Loaded<T> {
  if (query.error) return { error: namedFailure(query.error, failure) };
  return query.data === undefined ? null : { data: query.data };
}

/** Comments keep arriving: a filter chosen again asks again, as does coming back to the screen. */
const FRESH = { staleTime: 0 } as const;

export function useModerationData(filters: CommentFilters) {
  const commentsQuery = useQuery({
    ...FRESH,
    queryKey: [...queryKeys.moderation, 'comments', filters],
    queryFn: () => moderationApi.comments(filters),
    placeholderData: keepPreviousData, // the list stays while another filter's loads
  });
  const bansQuery = useQuery({ ...FRESH, queryKey: [...queryKeys.moderation, 'bans'], queryFn: moderationApi.bannedIps });
  const statsQuery = useQuery({ ...FRESH, queryKey: [...queryKeys.moderation, 'stats'], queryFn: moderationApi.stats });

  const comments = loaded(commentsQuery, 'Failed to load comments');
  const bans = loaded(bansQuery, 'Failed to load banned IPs');
  const stats = loaded(statsQuery, 'Failed to load stats');
  const nothingLoaded = [comments, bans, stats].every((part) => part !== null && 'error' in part);
  return { comments, commentsLoading: commentsQuery.isFetching, bans, stats, nothingLoaded };
}
