// The Story Manager's calls: stories, chapters and their uploads.
import { apiRequest } from '../../lib/api-client.ts';
import { ADMIN_CHAPTER_LIMIT } from '../../lib/limits.ts';
import type { ReleaseSchedule } from '../../lib/releases.ts';
import type { AdminChapterSummary, Chapter, ChapterStatus, Story, StoryStatus } from '../../lib/stories.ts';

export interface StoryInput {
  title: string;
  slug: string;
  description: string;
  blurb: string;
  genres: string[];
  primary_keywords: string;
  longtail_keywords: string;
  target_audience: string;
  cover_image: string | null;
  break_image: string | null;
  status: StoryStatus;
  /** Only matters for adult stories: false turns their 18+ confirmation off. */
  age_gate: boolean;
}

export interface ChapterInput {
  title: string;
  slug: string;
  content: string;
  chapter_number: number;
  status: ChapterStatus;
  /** A draft's release time (ISO); null unschedules; left out, it stays as it is. */
  release_at?: string | null;
}

export interface ScheduleResult {
  scheduled: { id: number; chapter_number: number; release_at: string }[];
  message: string;
}

export interface BulkUploadResult {
  success: boolean;
  uploaded_count: number;
  chapters: { filename: string; chapter_number: number; title: string }[];
  errors: string[];
}

export interface PageBreakImage {
  url: string;
  filename: string;
}

export const storyApi = {
  list: async () => (await apiRequest<{ stories: Story[] }>('/api/stories/list')).stories,
  save: async (input: StoryInput, id?: number) =>
    (await apiRequest<{ story: Story }>(id ? '/api/stories/update' : '/api/stories/create', { json: id ? { id, ...input } : input })).story,
  delete: (id: number) => apiRequest('/api/stories/delete', { json: { id } }),

  chapters: async (storyId: number) =>
    (await apiRequest<{ chapters: AdminChapterSummary[] }>(`/api/chapters/list?story_id=${storyId}&limit=${ADMIN_CHAPTER_LIMIT}`)).chapters,
  chapter: async (storyId: number, chapterNumber: number) =>
    (await apiRequest<{ chapters: Chapter[] }>(`/api/chapters/list?story_id=${storyId}&chapter_number=${chapterNumber}`)).chapters[0]!,
  /** Resolves to the server's message when it has one (a release time that had passed). */
  saveChapter: async (input: ChapterInput, target: { id: number } | { storyId: number }) =>
    (
      await apiRequest<{ message?: string }>(
        'id' in target ? '/api/chapters/update' : '/api/chapters/create',
        { json: 'id' in target ? { id: target.id, ...input } : { story_id: target.storyId, ...input } },
      )
    ).message,
  saveSchedule: (storyId: number, schedule: ReleaseSchedule | null) =>
    apiRequest<ScheduleResult>('/api/stories/schedule', { json: { story_id: storyId, schedule } }),
  deleteChapter: (id: number) => apiRequest('/api/chapters/delete', { json: { id } }),
  bulkUpload: (storyId: number, files: File[], status: ChapterStatus) => {
    const form = new FormData();
    form.append('story_id', String(storyId));
    form.append('status', status);
    for (const file of files) form.append('markdown_files[]', file);
    return apiRequest<BulkUploadResult>('/api/chapters/bulk-upload', { form });
  },

  uploadImage: async (file: File, type: 'cover' | 'pagebreak') => {
    const form = new FormData();
    form.append('image', file);
    form.append('type', type);
    return (await apiRequest<{ url: string }>('/api/images/upload', { form })).url;
  },
  pageBreaks: async () => (await apiRequest<{ images: PageBreakImage[] }>('/api/images/list-pagebreaks')).images,
};
