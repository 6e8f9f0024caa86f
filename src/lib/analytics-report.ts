// What the Analytics Dashboard asks the API and what it gets back:
// shared by the API (functions/analytics/report*.ts) and the admin screen (src/admin/analytics/).

/** The periods the dashboard offers; the API refuses any other. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;

export const AUDIENCE_SEGMENTS = ['device', 'browser', 'referrer', 'hour', 'day_of_week', 'content_type'] as const;
export type AudienceSegment = (typeof AUDIENCE_SEGMENTS)[number];

export const CONTENT_KINDS = ['stories', 'chapters', 'galleries', 'pages'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Top lists (stories, segments) and content tables. */
export const TOP_LIST_SIZE = 10;
export const CONTENT_TABLE_ROWS = 20;

/** Reading depths are percentages from 0 to 100 with one decimal; null when nobody sent a depth. */
export type Percent = number | null;

export interface AnalyticsTotals {
  /** Page views: one per page a visitor opened. */
  total_views: number;
  /** Distinct visitors per day, added up over the period (a visitor is recognised within a day only). */
  unique_visitors: number;
  story_views: number;
  chapter_views: number;
  gallery_views: number;
  avg_reading_depth: Percent;
}

export interface TopStory {
  story_slug: string;
  title: string;
  /** Views of the story page and of its chapters. */
  views: number;
}

export interface DailyVisits {
  /** UTC day, YYYY-MM-DD; every day of the period is present, oldest first. */
  day: string;
  views: number;
  unique_visitors: number;
}

/** GET /api/admin/analytics/summary?days=n → { success, data }. */
export interface AnalyticsSummary {
  period_days: AnalyticsPeriod;
  summary: AnalyticsTotals;
  top_stories: TopStory[];
  daily: DailyVisits[];
}

/** GET /api/admin/analytics/segment?days=n&segment=kind → { success, data: { segments } }. */
export interface SegmentRow {
  /** Display-ready: 'mobile', 'Chrome', 'example.com', '14:00', 'Monday', 'chapter'. */
  segment: string;
  views: number;
  unique_visitors: number;
}

export interface StoryPerformance {
  title: string;
  slug: string;
  total_views: number;
  unique_readers: number;
  avg_reading_depth: Percent;
  /** Published chapters of the story now. */
  total_chapters: number;
}

export interface ChapterPerformance {
  chapter_number: number;
  title: string;
  story_title: string;
  story_slug: string;
  total_views: number;
  unique_readers: number;
  avg_reading_depth: Percent;
  /** Seconds, one decimal; null when no reader sent a reading time. */
  avg_time_spent: number | null;
}

export interface GalleryPerformance {
  title: string;
  slug: string;
  total_views: number;
  unique_visitors: number;
  total_images: number;
}

export interface PagePerformance {
  /** The title the page had when last viewed; null when unknown (the dashboard shows 'Untitled'). */
  page_title: string | null;
  page_path: string;
  total_views: number;
  unique_visitors: number;
  avg_time_spent: number | null;
}

/** GET /api/admin/analytics/content?days=n&type=kind → { success, data: { content } }. */
export interface ContentRows {
  stories: StoryPerformance;
  chapters: ChapterPerformance;
  galleries: GalleryPerformance;
  pages: PagePerformance;
}

/** GET /api/admin/analytics/retention?days=n&story=slug → { success, data: { story_slug, chapters } }. */
export interface ChapterRetention {
  chapter_number: number;
  title: string;
  unique_readers: number;
  /** Readers of this chapter as a percentage of the first chapter's readers; null when the first had none. */
  share_of_first: Percent;
}

export interface StoryRetention {
  story_slug: string;
  chapters: ChapterRetention[];
}
