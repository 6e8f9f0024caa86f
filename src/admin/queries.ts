// The queries of the admin's own screens (profile aside: src/admin/data/queries.ts), as query
// options with their keys, following src/admin/data/keys.ts: a key names everything its answer
// depends on, and a save invalidates the keys of what it changed (decision 0033).
import { queryOptions } from '@tanstack/react-query';
import type { QuickStats } from '#functions/dashboard/store.ts';
import { apiRequest } from '#lib/api-client.ts';
import type { SocialLinks } from '#lib/socials.ts';
import type { UploadListing } from '#lib/upload-kinds.ts';
import { queryKeys } from './data/keys.ts';

export const socialsQuery = queryOptions({
  queryKey: queryKeys.socials,
  queryFn: async () => (await apiRequest<{ socials: SocialLinks }>('/api/socials/get')).socials,
});

export const quickStatsQuery = queryOptions({
  queryKey: queryKeys.quickStats,
  queryFn: async () => (await apiRequest<{ data: QuickStats }>('/api/admin/quick-stats')).data,
  staleTime: 0, // every visit to the dashboard shows the counts as they are now
});

export const uploadsQuery = queryOptions({
  queryKey: queryKeys.uploads,
  queryFn: async () => (await apiRequest<{ uploads: UploadListing }>('/api/images/manage')).uploads,
});
