// The Story Manager's calls (docs/product.md, The admin area: Stories & Chapters); request types
// come from the server's schemas.
import type { ChapterInput } from '#functions/chapters/schema.ts';
import type { StoryInput } from '#functions/stories/schema.ts';
import { apiRequest } from '#lib/api-client.ts';
import { ADMIN_CHAPTER_LIMIT } from '#lib/limits.ts';
import type { ReleaseSchedule } from '#lib/releases.ts';
import type { AdminChapterSummary, Chapter, ChapterStatus, Story } from '#lib/stories.ts';

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

/** The story form holds every field the server takes; StoryInput leaves out those with a default. */
export type StoryDraft = Required<StoryInput>;

/**
 * A chapter save: to a chapter by id, or a new one in a story. `expected_updated_at` is the
 * chapter's updated_at as loaded: the server refuses (409) when it changed since.
 */
export type ChapterTarget = { id: number; expected_updated_at?: string } | { storyId: number };

/** What a chapter save answers: the chapter as saved, and the server's message when it has one. */
export interface ChapterSaved {
  chapter: Chapter;
  message?: string;
}

async function writeChapter(input: ChapterInput, target: ChapterTarget): Promise<ChapterSaved> {
  return apiRequest<ChapterSaved>('id' in target ? '/api/chapters/update' : '/api/chapters/create', {
    json: 'id' in target ? { ...target, ...input } : { story_id: target.storyId, ...input },
  });
}

export const storyApi = {
  list: async () => (await apiRequest<{ stories: Story[] }>('/api/stories/list')).stories,
  save: async (input: StoryInput, id?: number) =>
    (await apiRequest<{ story: Story }>(id ? '/api/stories/update' : '/api/stories/create', { json: id ? { id, ...input } : input })).story,
  delete: (id: number) => apiRequest('/api/stories/delete', { json: { id } }),

  chapters: async (storyId: number) =>
    (await apiRequest<{ chapters: AdminChapterSummary[] }>(`/api/chapters/list?story_id=${storyId}&limit=${ADMIN_CHAPTER_LIMIT}`)).chapters,
  /** The whole chapter (the list carries only a preview); undefined when there is none. */
  chapter: async (storyId: number, chapterNumber: number) =>
    (await apiRequest<{ chapters: Chapter[] }>(`/api/chapters/list?story_id=${storyId}&chapter_number=${chapterNumber}`)).chapters[0],
  /** One chapter by id, any status (the editor's). */
  chapterById: async (id: number) => (await apiRequest<{ chapter: Chapter }>(`/api/chapters/get?id=${id}`)).chapter,
  /** Resolves to the server's message when it has one (a release time that had passed). */
  saveChapter: async (input: ChapterInput, target: ChapterTarget) => (await writeChapter(input, target)).message,
  writeChapter,
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
