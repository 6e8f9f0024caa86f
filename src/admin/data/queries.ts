// Queries more than one screen reads, so they share one cache entry (one key, one fetch).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#lib/api-client.ts';
import type { AuthorProfile } from '#lib/profile.ts';
import { queryKeys } from './keys.ts';

export const authorProfileQuery = queryOptions({
  queryKey: queryKeys.authorProfile,
  queryFn: async () => (await apiRequest<{ profile: AuthorProfile }>('/api/author/get')).profile,
});

/**
 * The author's time zone (Author Profile), in which release times are entered and shown. Until
 * it has loaded, or when it cannot be, UTC: the forms name the zone next to every time.
 */
export function useAuthorTimeZone(): string {
  return useSettledTimeZone() ?? 'UTC';
}

/**
 * The zone for a form that reads release times in it: null until the profile has answered (UTC
 * when it failed). A form must not show its fields before: one filled in UTC and started again
 * when the zone arrived would throw away what the author had typed meanwhile.
 */
export function useSettledTimeZone(): string | null {
  const zone = useQuery({ ...authorProfileQuery, select: (profile) => profile.time_zone });
  return zone.isPending ? null : (zone.data ?? 'UTC');
}
