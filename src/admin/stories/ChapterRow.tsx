// One chapter of the story's list (docs/product.md, The chapter list and reordering): number,
// title, state, words, when it was published or is released, the start of its text; a handle to
// drag it (mouse, touch or keyboard), Move up and Move down, Edit (the editor) and Delete.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from 'wouter';
import { formatReleaseTime } from '#lib/releases.ts';
import type { AdminChapterSummary } from '#lib/stories.ts';
import { chapterState } from './chapter-list.ts';
import { countOf } from '#lib/counts.ts';

export const chapterEditorPath = (storyId: number, chapterId: number | 'new') => `/stories/${storyId}/chapters/${chapterId}`;

/** Where a row's move buttons are found again after the list re-renders in the new order. */
export const moveButtonId = (chapterId: number, direction: 'up' | 'down') => `chapter-${chapterId}-move-${direction}`;

interface ChapterRowProps {
  storyId: number;
  chapter: AdminChapterSummary;
  timeZone: string;
  /** Null when the chapter cannot move that way (first or last, or the list is filtered). */
  onMoveUp: (() => void) | null;
  onMoveDown: (() => void) | null;
  /** False while the list is filtered: moves are made in the whole list. */
  sortable: boolean;
  onDelete: () => void;
}

export function ChapterRow({ storyId, chapter, timeZone, onMoveUp, onMoveDown, sortable, onDelete }: ChapterRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: chapter.id,
    disabled: !sortable,
  });
  const state = chapterState(chapter);
  const label = `chapter ${chapter.chapter_number}`;
  return (
    <li
      ref={setNodeRef}
      className={`chapter-row${isDragging ? ' chapter-row-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {sortable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="button button-ghost chapter-handle"
          aria-label={`Drag ${label}, “${chapter.title}”`}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <div className="chapter-main">
        <p className="chapter-heading">
          <span className="chapter-number">{chapter.chapter_number}</span>
          <strong>{chapter.title}</strong>
          <span className={`badge badge-${state}`}>{state}</span>
        </p>
        <p className="chapter-facts muted">
          <span>{countOf(chapter.word_count, 'word', 'words')}</span>
          {state === 'published' && chapter.published_at && <span>Published {formatReleaseTime(chapter.published_at, timeZone)}</span>}
          {state === 'scheduled' && chapter.release_at && (
            <span className="chapter-release">Releases {formatReleaseTime(chapter.release_at, timeZone)}</span>
          )}
        </p>
        <p className="chapter-slug muted">{chapter.slug}</p>
        <p className="chapter-preview">{chapter.preview}</p>
      </div>
      <div className="row-actions">
        {sortable && (
          <>
            <button
              type="button"
              id={moveButtonId(chapter.id, 'up')}
              className="button button-ghost"
              onClick={onMoveUp ?? undefined}
              disabled={!onMoveUp}
              aria-label={`Move up ${label}`}
            >
              Move up
            </button>
            <button
              type="button"
              id={moveButtonId(chapter.id, 'down')}
              className="button button-ghost"
              onClick={onMoveDown ?? undefined}
              disabled={!onMoveDown}
              aria-label={`Move down ${label}`}
            >
              Move down
            </button>
          </>
        )}
        <Link href={chapterEditorPath(storyId, chapter.id)} className="button button-ghost" aria-label={`Edit ${label}`}>
          Edit
        </Link>
        <button type="button" className="button button-danger" onClick={onDelete} aria-label={`Delete ${label}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
