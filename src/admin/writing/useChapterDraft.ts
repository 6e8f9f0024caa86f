// The editor's one copy of the chapter being written (docs/product.md, The writing desk): the
// fields as typed, the version they were last loaded or saved as, and that version's updated_at,
// which every save sends so that a change made elsewhere meanwhile is never overwritten.
import { useCallback, useMemo, useState } from 'react';
import type { Chapter } from '#lib/stories.ts';
import { type ChapterDraft, chapterDraft } from '../stories/chapter-draft.ts';

interface Base {
  /** The chapter's id; null until a new chapter is first saved. */
  id: number | null;
  /** The fields as the server last had them. */
  saved: ChapterDraft;
  /** The updated_at of that version, exactly as the API returned it (null for a new chapter). */
  updatedAt: string | null;
}

const sameDraft = (a: ChapterDraft, b: ChapterDraft) =>
  a.title === b.title &&
  a.slug === b.slug &&
  a.content === b.content &&
  a.chapter_number === b.chapter_number &&
  a.status === b.status &&
  (a.status !== 'scheduled' || (a.release.date === b.release.date && a.release.time === b.release.time));

export function useChapterDraft(start: { chapter: Chapter | null; draft: ChapterDraft }, timeZone: string) {
  const [base, setBase] = useState<Base>(() => ({
    id: start.chapter?.id ?? null,
    saved: start.draft,
    updatedAt: start.chapter?.updated_at ?? null,
  }));
  const [draft, setDraft] = useState(start.draft);

  /** A save answered with `chapter`, which was sent as `sent`: what was typed since stays. */
  const saved = useCallback(
    (chapter: Chapter, sent: ChapterDraft) => {
      const now = chapterDraft(chapter, timeZone);
      setBase({ id: chapter.id, saved: now, updatedAt: chapter.updated_at });
      // The server's form of the fields (a trimmed title) when nothing changed while it saved.
      setDraft((current) => (sameDraft(current, sent) ? now : current));
    },
    [timeZone],
  );

  /** Starts over from `chapter` as the server has it (the other version of a conflict). */
  const adopt = useCallback(
    (chapter: Chapter) => {
      const now = chapterDraft(chapter, timeZone);
      setBase({ id: chapter.id, saved: now, updatedAt: chapter.updated_at });
      setDraft(now);
    },
    [timeZone],
  );

  /** The author has seen the version saved elsewhere (`updatedAt`): the next save replaces it. */
  const rebase = useCallback((updatedAt: string) => setBase((current) => ({ ...current, updatedAt })), []);

  /** Replaces the text (a restored revision, a working copy, a file): undo in the editor brings the old one back. */
  const onRestore = useCallback((text: { title?: string; content: string }) => setDraft((current) => ({ ...current, ...text })), []);

  const setContent = useCallback((content: string) => setDraft((current) => ({ ...current, content })), []);

  const dirty = useMemo(() => !sameDraft(draft, base.saved), [draft, base.saved]);

  return {
    draft,
    title: draft.title,
    content: draft.content,
    setDraft,
    setContent,
    onRestore,
    chapterId: base.id,
    updatedAt: base.updatedAt,
    dirty,
    saved,
    adopt,
    rebase,
  };
}

export type ChapterDraftState = ReturnType<typeof useChapterDraft>;
