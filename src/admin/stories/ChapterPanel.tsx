// The chapters of the selected story (docs/product.md, The writing desk: The chapter list and
// reordering): in number order, each with its words and publish or release time, filtered by
// state; moved by dragging (mouse, touch, keyboard) or with Move up / Move down, which renumbers
// the story. 'Add Chapter' and Edit open the editor; 'Bulk Upload'; 'Release schedule' sets the
// story's recurring schedule. The list is the query of this story's id, so an answer about
// another story never shows here.
import type { Announcements, DragEndEvent } from '@dnd-kit/core';
import { verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AdminChapterSummary, Story } from '#lib/stories.ts';
import { useConfirm } from '../Modal.tsx';
import { SortableArea } from '../SortableArea.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { useAuthorTimeZone } from '../data/queries.ts';
import { BulkUpload } from './BulkUpload.tsx';
import { ChapterFilterBar } from './ChapterFilterBar.tsx';
import { ChapterRow, chapterEditorPath, moveButtonId } from './ChapterRow.tsx';
import { type ChapterFilter, filterChapters, movedList } from './chapter-list.ts';
import { useChapters, useDeleteChapter, useMoveChapter } from './queries.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';

export function ChapterPanel({ story }: { story: Story }) {
  const { data: chapters, error: loadError } = useChapters(story.id);
  const deleteChapter = useDeleteChapter(story.id);
  const moveChapter = useMoveChapter(story.id);
  const [filter, setFilter] = useState<ChapterFilter>('all');
  const [scheduling, setScheduling] = useState(false);
  /** What the live region says after a move (dnd-kit speaks for drags itself). */
  const [moveNews, setMoveNews] = useState('');
  const [refocus, setRefocus] = useState<{ id: number; direction: 'up' | 'down' } | null>(null);
  const timeZone = useAuthorTimeZone();
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  // A row that moved is rendered anew: its button gets the focus back, or the other one at an end of the list.
  useEffect(() => {
    if (!refocus) return;
    const wanted = document.getElementById(moveButtonId(refocus.id, refocus.direction));
    const other = document.getElementById(moveButtonId(refocus.id, refocus.direction === 'up' ? 'down' : 'up'));
    (wanted instanceof HTMLButtonElement && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus]);

  const numberOf = (id: unknown) => chapters?.find((chapter) => chapter.id === id)?.chapter_number;
  const titleOf = (id: unknown) => chapters?.find((chapter) => chapter.id === id)?.title ?? '';
  const positionOf = (id: unknown) => (chapters ?? []).findIndex((chapter) => chapter.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up chapter ${numberOf(active.id)}, “${titleOf(active.id)}”.`,
    onDragOver: ({ active, over }) => (over ? `Chapter “${titleOf(active.id)}” is over place ${positionOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? `Chapter “${titleOf(active.id)}” was dropped at place ${positionOf(over.id)}.`
        : `Chapter “${titleOf(active.id)}” was put back.`,
    onDragCancel: ({ active }) => `Moving chapter “${titleOf(active.id)}” was cancelled.`,
  };

  function move(from: number, to: number) {
    const chapter = chapters?.[from];
    if (!chapters || !chapter || from === to || to < 0 || to >= chapters.length) return;
    setMoveNews(`Chapter “${chapter.title}” moved to number ${to + 1}.`);
    moveChapter.mutate(
      { id: chapter.id, chapterNumber: to + 1, reordered: movedList(chapters, from, to) },
      { onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Failed to move chapter') }) },
    );
  }

  function moveByButton(chapter: AdminChapterSummary, from: number, direction: 'up' | 'down') {
    move(from, direction === 'up' ? from - 1 : from + 1);
    setRefocus({ id: chapter.id, direction });
  }

  function dropped({ active, over }: DragEndEvent) {
    if (over) move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  }

  async function remove(chapter: AdminChapterSummary) {
    if (!(await confirm(`Delete Chapter ${chapter.chapter_number}, "${chapter.title}"?`))) return;
    deleteChapter.mutate(chapter.id, {
      onSuccess: () => showNotice({ kind: 'success', text: 'Chapter deleted successfully!' }),
      onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Failed to delete chapter') }),
    });
  }

  const shown = chapters ? filterChapters(chapters, filter) : [];
  const sortable = filter === 'all';
  return (
    <section className="card chapter-panel" aria-labelledby="chapters-title">
      <header className="panel-header">
        <h2 id="chapters-title">Chapters of “{story.title}”</h2>
        <div className="panel-actions">
          <Link href={chapterEditorPath(story.id, 'new')} className="button button-primary">
            Add Chapter
          </Link>
          <BulkUpload storyId={story.id} onError={(text) => showNotice({ kind: 'error', text })} />
          <button type="button" className="button button-ghost" onClick={() => setScheduling(true)}>
            Release schedule
          </button>
        </div>
      </header>
      <NoticeBanner notice={notice ?? (loadError && { kind: 'error', text: failureText(loadError, 'Failed to load chapters') })} />
      <p className="visually-hidden" aria-live="polite">
        {moveNews}
      </p>
      {loadError ? null : !chapters ? (
        <p role="status">Loading chapters...</p>
      ) : chapters.length === 0 ? (
        <p className="muted">No chapters yet. Add one, or upload Markdown files in bulk.</p>
      ) : (
        <>
          <ChapterFilterBar chapters={chapters} filter={filter} onChange={setFilter} />
          {!sortable && <p className="muted chapter-filter-note">Show all chapters to reorder them.</p>}
          <SortableArea
            itemName="a chapter"
            ids={shown.map((chapter) => chapter.id)}
            strategy={verticalListSortingStrategy}
            announcements={announcements}
            onDragEnd={dropped}
          >
            <ol className="chapter-list">
              {shown.map((chapter, index) => (
                <ChapterRow
                  key={chapter.id}
                  storyId={story.id}
                  chapter={chapter}
                  timeZone={timeZone}
                  sortable={sortable}
                  onMoveUp={sortable && index > 0 ? () => moveByButton(chapter, index, 'up') : null}
                  onMoveDown={sortable && index < shown.length - 1 ? () => moveByButton(chapter, index, 'down') : null}
                  onDelete={() => void remove(chapter)}
                />
              ))}
            </ol>
          </SortableArea>
        </>
      )}
      {scheduling && (
        <ScheduleDialog
          story={story}
          timeZone={timeZone}
          onClose={() => setScheduling(false)}
          onSaved={(message) => {
            setScheduling(false);
            showNotice({ kind: 'success', text: message });
          }}
        />
      )}
      {dialog}
    </section>
  );
}
