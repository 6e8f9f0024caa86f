// The server's copies of a chapter besides the chapter itself: its autosaved working copy and its
// revisions (docs/product.md, Never losing a word), with their queries and the restore.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#lib/api-client.ts';
import type { Chapter } from '#lib/stories.ts';
import { queryKeys } from '../data/keys.ts';
import { useSave } from '../data/useSave.ts';
import type { WorkingText } from './autosave-scheduler.ts';
import type { RevisionSummary } from './history.ts';
import type { ServerAutosave } from './opening.ts';

export interface Revision extends RevisionSummary, WorkingText {
  chapter_id: number;
}

export const serverCopies = {
  autosave: (chapterId: number, text: WorkingText) =>
    apiRequest<{ saved_at: string }>('/api/chapters/autosave', { json: { chapter_id: chapterId, ...text } }),
  readAutosave: async (chapterId: number) =>
    (await apiRequest<{ autosave: ServerAutosave | null }>(`/api/chapters/autosave?chapter_id=${chapterId}`)).autosave,
  revisions: async (chapterId: number) =>
    (await apiRequest<{ revisions: RevisionSummary[] }>(`/api/chapters/revisions?chapter_id=${chapterId}`)).revisions,
  revision: async (id: number) => (await apiRequest<{ revision: Revision }>(`/api/chapters/revision?id=${id}`)).revision,
  restore: async ({ id, chapterId }: { id: number; chapterId: number }) =>
    (await apiRequest<{ chapter: Chapter }>('/api/chapters/revisions/restore', { json: { id, chapter_id: chapterId } })).chapter,
};

/** The server's autosave, read once when the chapter opens (never from an earlier copy). */
export const useServerAutosave = (chapterId: number | null) =>
  useQuery({
    queryKey: queryKeys.chapterAutosave(chapterId ?? 0),
    queryFn: () => serverCopies.readAutosave(chapterId ?? 0),
    enabled: chapterId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export const useRevisions = (chapterId: number) =>
  useQuery({ queryKey: queryKeys.chapterRevisions(chapterId), queryFn: () => serverCopies.revisions(chapterId), staleTime: 0 });

export const useRevision = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.chapterRevision(id ?? 0),
    queryFn: () => serverCopies.revision(id ?? 0),
    enabled: id !== null,
    // A revision never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRestoreRevision = (storyId: number, chapterId: number) =>
  useSave({
    mutationFn: serverCopies.restore,
    invalidates: [queryKeys.chapterRevisions(chapterId), queryKeys.storyChapters(storyId), queryKeys.stories],
  });
