// The Subscribers screen's queries and saves (decision 0033): the list is keyed by its filters,
// and each save names what it changes.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../data/keys.ts';
import { useSave } from '../data/useSave.ts';
import { type SubscriberFilters, subscribersApi } from './api.ts';

/** Readers subscribe and confirm while the author looks: the list asks again on every visit. */
export const useSubscribers = (filters: SubscriberFilters) =>
  useQuery({
    queryKey: [...queryKeys.subscribers, filters],
    queryFn: () => subscribersApi.list(filters),
    placeholderData: keepPreviousData, // the list stays while another search loads
    staleTime: 0,
  });

/** While emails wait in the queue, the status follows them every few seconds. */
export const useMailStatus = () =>
  useQuery({
    queryKey: queryKeys.mailStatus,
    queryFn: subscribersApi.mailStatus,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.queued ? 5000 : false),
  });

export const useRemoveSubscriber = () =>
  useSave({ mutationFn: (id: number) => subscribersApi.remove(id), invalidates: [queryKeys.subscribers, queryKeys.mailStatus] });

/** Imported addresses become pending subscribers, each with a confirmation in the queue. */
export const useImportSubscribers = () =>
  useSave({
    mutationFn: ({ csv, storySlug }: { csv: string; storySlug: string | null }) => subscribersApi.import(csv, storySlug),
    invalidates: [queryKeys.subscribers, queryKeys.mailStatus],
  });

export const useRetryMail = () =>
  useSave({ mutationFn: (id: number | undefined) => subscribersApi.retry(id), invalidates: [queryKeys.mailStatus] });

export const useTestEmail = () =>
  useSave({ mutationFn: (email: string) => subscribersApi.testEmail(email), invalidates: [queryKeys.mailStatus] });
