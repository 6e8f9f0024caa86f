// The Analytics Dashboard's calls (the shapes in src/lib/analytics-report.ts).
import type {
  AnalyticsPeriod,
  AnalyticsSummary,
  AudienceSegment,
  ContentKind,
  ContentRows,
  SegmentRow,
  StoryRetention,
} from '#lib/analytics-report.ts';
import { ApiError, apiRequest } from '#lib/api-client.ts';
import type { Story } from '#lib/stories.ts';

export function analyticsPath(report: 'summary' | 'segment' | 'content' | 'retention', query: Record<string, string | number>): string {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `/api/admin/analytics/${report}?${params}`;
}

export const analyticsApi = {
  summary: async (days: AnalyticsPeriod) => (await apiRequest<{ data: AnalyticsSummary }>(analyticsPath('summary', { days }))).data,
  segments: async (days: AnalyticsPeriod, segment: AudienceSegment) =>
    (await apiRequest<{ data: { segments: SegmentRow[] } }>(analyticsPath('segment', { days, segment }))).data.segments,
  content: async <K extends ContentKind>(days: AnalyticsPeriod, type: K) =>
    (await apiRequest<{ data: { content: ContentRows[K][] } }>(analyticsPath('content', { days, type }))).data.content,
  retention: async (days: AnalyticsPeriod, story: string) =>
    (await apiRequest<{ data: StoryRetention }>(analyticsPath('retention', { days, story }))).data,
  /** The stories readers can have read (published or archived, not drafts): the retention chart's choice. */
  stories: async () =>
    (await apiRequest<{ stories: Pick<Story, 'slug' | 'title' | 'status'>[] }>('/api/stories/list')).stories.filter(
      (story) => story.status !== 'draft',
    ),
};

/**
 * What replaces the screen when the summary cannot be read: an error answer from the API
 * is 'Failed to load summary data'; no answer at all (network, a broken reply) is 'Failed to load
 * analytics data'.
 */
export function summaryFailure(error: unknown): string {
  return error instanceof ApiError ? 'Failed to load summary data' : 'Failed to load analytics data';
}
