// The admin's one QueryClient (decision 0033): every successful save invalidates the keys it
// names in `meta.invalidates` and the publish state, which each save changes (a rebuild is queued).
import { MutationCache, type QueryKey, QueryClient } from '@tanstack/react-query';
import { ApiError } from '#lib/api-client.ts';
import { queryKeys } from './keys.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { invalidates?: readonly QueryKey[] };
  }
}

/**
 * Refetches `queryKey` after a change. A load already under way began before the change, and a
 * query's first load would be reused instead of asked again (a gallery opened and uploaded to at
 * once showed no images): it is cancelled first, so the answer comes from after the change.
 */
export async function refetchAfterChange(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal (401, 403, 404) does not change by asking again; a dropped connection may.
        retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
        staleTime: 10_000,
      },
    },
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _result, mutation) => {
        void refetchAfterChange(client, queryKeys.publishState);
        // Awaited: the save stays pending until the lists it changed show the change.
        return Promise.all((mutation.meta?.invalidates ?? []).map((queryKey) => refetchAfterChange(client, queryKey)));
      },
    }),
  });
  return client;
}
