// The Story Manager's queries and saves (decision 0033): each query is keyed by what it depends
// on, and each save names the queries it changes.
import { useQuery } from '@tanstack/react-query';
import type { ChapterInput } from '#functions/chapters/schema.ts';
import type { StoryInput } from '#functions/stories/schema.ts';
import type { ReleaseSchedule } from '#lib/releases.ts';
import type { ChapterStatus } from '#lib/stories.ts';
import { queryKeys } from '../data/keys.ts';
import { useSave } from '../data/useSave.ts';
import { type ChapterTarget, storyApi } from './api.ts';

export const useStories = () => useQuery({ queryKey: queryKeys.stories, queryFn: storyApi.list });

export const useChapters = (storyId: number) =>
  useQuery({ queryKey: queryKeys.storyChapters(storyId), queryFn: () => storyApi.chapters(storyId) });

/** The whole chapter, for its editors; `enabled` false for a new one. */
export const useChapter = (storyId: number, chapterNumber: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.chapter(storyId, chapterNumber),
    queryFn: async () => (await storyApi.chapter(storyId, chapterNumber)) ?? null,
    enabled,
    // An editor starts from the chapter as it is now, never from an earlier copy.
    staleTime: 0,
  });

/** A chapter by id for the full-page editor; `enabled` false for a new one. */
export const useChapterById = (storyId: number, id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.chapterById(storyId, id),
    queryFn: () => storyApi.chapterById(id),
    enabled,
    staleTime: 0,
    // The editor holds its own copy once open; a refetch must not look like someone else's change.
    refetchOnWindowFocus: false,
  });

export const usePageBreaks = () => useQuery({ queryKey: queryKeys.pageBreaks, queryFn: storyApi.pageBreaks });

/** What a change to a story's chapters makes out of date: its chapters, and the story cards' counts. */
const chaptersOf = (storyId: number) => [queryKeys.storyChapters(storyId), queryKeys.stories];

export const useSaveStory = () =>
  useSave({
    mutationFn: ({ input, id }: { input: StoryInput; id?: number | undefined }) => storyApi.save(input, id),
    invalidates: [queryKeys.stories],
  });

export const useDeleteStory = () => useSave({ mutationFn: storyApi.delete, invalidates: [queryKeys.allStories] });

export const useUploadStoryImage = () =>
  useSave({
    mutationFn: ({ file, type }: { file: File; type: 'cover' | 'pagebreak' }) => storyApi.uploadImage(file, type),
    invalidates: [queryKeys.pageBreaks],
  });

/** A chapter save through `send`: both kinds below change the same lists. */
const useChapterSave = <T>(storyId: number, send: (input: ChapterInput, target: ChapterTarget) => Promise<T>) =>
  useSave({
    mutationFn: ({ input, target }: { input: ChapterInput; target: ChapterTarget }) => send(input, target),
    invalidates: chaptersOf(storyId),
  });

/** Resolves to the server's message when it has one. */
export const useSaveChapter = (storyId: number) => useChapterSave(storyId, storyApi.saveChapter);

/** Resolves to the chapter as saved (its new updated_at, a new chapter's id). */
export const useWriteChapter = (storyId: number) => useChapterSave(storyId, storyApi.writeChapter);

export const useDeleteChapter = (storyId: number) => useSave({ mutationFn: storyApi.deleteChapter, invalidates: chaptersOf(storyId) });

export const useBulkUpload = (storyId: number) =>
  useSave({
    mutationFn: ({ files, status }: { files: File[]; status: ChapterStatus }) => storyApi.bulkUpload(storyId, files, status),
    invalidates: chaptersOf(storyId),
  });

export const useSaveSchedule = (storyId: number) =>
  useSave({
    mutationFn: (schedule: ReleaseSchedule | null) => storyApi.saveSchedule(storyId, schedule),
    // The schedule is part of the story, and it gives drafts their release times.
    invalidates: chaptersOf(storyId),
  });
