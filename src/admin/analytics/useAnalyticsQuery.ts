// One analytics report as a query (decision 0033): its key carries every choice it depends on
// (period, segment, story), so a late answer to an older choice lands under its own key and is
// never shown for this one. The last answer stays while the next one loads, so the screen does
// not flash empty; 'Refresh' refetches every report on screen (queryKeys.analytics).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../data/keys.ts';

export interface LoadState<T> {
  loading: boolean;
  value?: T | undefined;
  error?: unknown;
}

/**
 * `key`: what the report depends on. `empty`: for the parts whose failures the dashboard ignores,
 * what a failed load answers instead.
 */
export function useAnalyticsQuery<T>(key: readonly unknown[], load: () => Promise<T>, empty?: { value: T }): LoadState<T> {
  const query = useQuery({
    queryKey: [...queryKeys.analytics, ...key],
    queryFn: empty ? () => load().catch(() => empty.value) : load,
    placeholderData: keepPreviousData,
    staleTime: 0, // a choice made again asks again: the numbers move while readers read
  });
  return { loading: query.isFetching, value: query.data, error: query.error ?? undefined };
}
