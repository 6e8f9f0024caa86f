// /admin/stories/{story id}/chapters/{chapter id or "new"}: loads what the editor starts from (the
// story, the chapter by id, the author's time zone) and keeps one editor open across a new
// chapter's first save, when the address changes to the chapter's id.
import './writing.css';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { NoticeBanner } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { useSettledTimeZone } from '../data/queries.ts';
import { chapterDraft, newChapterDraft } from '../stories/chapter-draft.ts';
import { useChapterById, useChapters, useStories } from '../stories/queries.ts';
import { ChapterEditor } from './ChapterEditor.tsx';

export function ChapterEditorPage() {
  const params = useParams<{ storyId: string; chapterId: string }>();
  const [, navigate] = useLocation();
  const storyId = Number(params.storyId);
  const chapterId = params.chapterId === 'new' ? null : Number(params.chapterId);
  /** The id of the chapter this editor created: its address changed, the editor stays. */
  const [created, setCreated] = useState<number | null>(null);
  const continuing = chapterId !== null && chapterId === created;

  const stories = useStories();
  const chapters = useChapters(storyId);
  const loaded = useChapterById(storyId, chapterId ?? 0, chapterId !== null && !continuing);
  // Release times are entered in the author's zone: the editor waits for it (useSettledTimeZone).
  const timeZone = useSettledTimeZone();
  const story = stories.data?.find((candidate) => candidate.id === storyId);

  const back = <Link href={`/stories/${params.storyId}`}>Back to the story</Link>;
  const failed = stories.error ?? (chapterId === null ? chapters.error : loaded.error);
  if (failed) {
    return (
      <>
        <NoticeBanner notice={{ kind: 'error', text: failureText(failed, 'Failed to load the chapter') }} />
        {back}
      </>
    );
  }
  if (stories.data && !story) {
    return (
      <>
        <NoticeBanner notice={{ kind: 'error', text: 'Story not found' }} />
        <Link href="/stories">Back to the stories</Link>
      </>
    );
  }
  const ready = story && timeZone !== null && (continuing || (chapterId === null ? chapters.data : loaded.data));
  if (!ready) return <p role="status">Loading chapter…</p>;

  const nextNumber = Math.max(0, ...(chapters.data ?? []).map((chapter) => chapter.chapter_number)) + 1;
  const start =
    chapterId === null || continuing || !loaded.data
      ? { chapter: null, draft: newChapterDraft(nextNumber, timeZone) }
      : { chapter: loaded.data, draft: chapterDraft(loaded.data, timeZone) };
  return (
    <ChapterEditor
      key={continuing ? 'new' : params.chapterId}
      story={story}
      start={start}
      timeZone={timeZone}
      onCreated={(id) => {
        setCreated(id);
        navigate(`/stories/${storyId}/chapters/${id}`, { replace: true });
      }}
    />
  );
}
