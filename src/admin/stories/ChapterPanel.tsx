// The chapters of the selected story (docs/product.md, The admin area: Stories & Chapters):
// sorted by number, each with its number, title, status, slug, the first characters, Edit and
// Delete; 'Add Chapter' and 'Bulk Upload'. Scheduled chapters show their release time on the
// author's clock; 'Release schedule' sets the story's recurring schedule. The list is the query of
// this story's id, so an answer about another story never shows here.
import { useState } from 'react';
import { formatReleaseTime } from '#lib/releases.ts';
import type { AdminChapterSummary, Story } from '#lib/stories.ts';
import { useConfirm } from '../Modal.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { useAuthorTimeZone } from '../data/queries.ts';
import { BulkUpload } from './BulkUpload.tsx';
import { ChapterForm } from './ChapterForm.tsx';
import { useChapters, useDeleteChapter } from './queries.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/** A new chapter's suggested number: the highest existing number plus one, or 1. */
export function nextChapterNumber(chapters: readonly { chapter_number: number }[]): number {
  return chapters.reduce((highest, chapter) => Math.max(highest, chapter.chapter_number), 0) + 1;
}

export function ChapterPanel({ story }: { story: Story }) {
  const { data: chapters, error: loadError } = useChapters(story.id);
  const deleteChapter = useDeleteChapter(story.id);
  const [editing, setEditing] = useState<AdminChapterSummary | 'new' | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const timeZone = useAuthorTimeZone();
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  async function remove(chapter: AdminChapterSummary) {
    if (!(await confirm(`Delete Chapter ${chapter.chapter_number}, "${chapter.title}"?`))) return;
    deleteChapter.mutate(chapter.id, {
      onSuccess: () => showNotice({ kind: 'success', text: 'Chapter deleted successfully!' }),
      onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Failed to delete chapter') }),
    });
  }

  return (
    <section className="card chapter-panel" aria-labelledby="chapters-title">
      <header className="panel-header">
        <h2 id="chapters-title">Chapters of “{story.title}”</h2>
        <div className="panel-actions">
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Add Chapter
          </button>
          <BulkUpload storyId={story.id} onError={(text) => showNotice({ kind: 'error', text })} />
          <button type="button" className="button button-ghost" onClick={() => setScheduling(true)}>
            Release schedule
          </button>
        </div>
      </header>
      <NoticeBanner notice={notice ?? (loadError && { kind: 'error', text: failureText(loadError, 'Failed to load chapters') })} />
      {loadError ? null : !chapters ? (
        <p role="status">Loading chapters...</p>
      ) : chapters.length === 0 ? (
        <p className="muted">No chapters yet. Add one, or upload Markdown files in bulk.</p>
      ) : (
        <ol className="chapter-list">
          {chapters.map((chapter) => (
            <li key={chapter.id} className="chapter-row">
              <div className="chapter-main">
                <p className="chapter-heading">
                  <span className="chapter-number">{chapter.chapter_number}</span>
                  <strong>{chapter.title}</strong>
                  {chapter.release_at && chapter.status === 'draft' ? (
                    <span className="badge badge-scheduled">scheduled</span>
                  ) : (
                    <span className={`badge badge-${chapter.status}`}>{chapter.status}</span>
                  )}
                </p>
                {chapter.release_at && chapter.status === 'draft' && (
                  <p className="chapter-release">Releases {formatReleaseTime(chapter.release_at, timeZone)}</p>
                )}
                <p className="chapter-slug muted">{chapter.slug}</p>
                <p className="chapter-preview">{chapter.preview}</p>
              </div>
              <div className="row-actions">
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => setEditing(chapter)}
                  aria-label={`Edit chapter ${chapter.chapter_number}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => void remove(chapter)}
                  aria-label={`Delete chapter ${chapter.chapter_number}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <ChapterForm
          storyId={story.id}
          chapter={editing === 'new' ? null : editing}
          suggestedNumber={nextChapterNumber(chapters ?? [])}
          onClose={() => setEditing(null)}
          onSaved={(created, message) => {
            setEditing(null);
            showNotice({ kind: 'success', text: message ?? (created ? 'Chapter created successfully!' : 'Chapter updated successfully!') });
          }}
        />
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
