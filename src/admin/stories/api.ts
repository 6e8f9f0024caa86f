// The Story Manager's calls (SPEC 7, Stories and chapters; Uploads).
import { apiRequest } from '../../lib/api-client.ts';
import { ADMIN_CHAPTER_LIMIT } from '../../lib/limits.ts';
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
}

export interface ChapterInput {
  title: string;
  slug: string;
  content: string;
  chapter_number: number;
  status: ChapterStatus;
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
  saveChapter: (input: ChapterInput, target: { id: number } | { storyId: number }) =>
    'id' in target
      ? apiRequest('/api/chapters/update', { json: { id: target.id, ...input } })
      : apiRequest('/api/chapters/create', { json: { story_id: target.storyId, ...input } }),
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
