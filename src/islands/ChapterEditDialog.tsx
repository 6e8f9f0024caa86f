// The chapter edit dialog on the reader's page (docs/product.md, The admin screens in detail): title, content (20 rows), chapter
// number and status. Save stays disabled until title and content are non-empty after trimming;
// a non-numeric number counts as 1. After saving, the page waits for the site to republish and
// then shows the chapter again, at its new number when that changed.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { chapterPath } from '../lib/reader-urls.ts';
import type { Chapter, ChapterStatus } from '../lib/stories.ts';

interface Props {
  storyId: number;
  storySlug: string;
  chapterNumber: number;
  onClose(): void;
}

interface Draft {
  id: number;
  title: string;
  content: string;
  chapter_number: string;
  status: ChapterStatus;
}

async function waitForPublish(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const { state } = await apiRequest<{ state: { publishing: boolean } }>('/api/admin/publish-state');
    if (!state.publishing) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export default function ChapterEditDialog({ storyId, storySlug, chapterNumber, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'idle' | 'saving' | 'publishing'>('idle');

  useEffect(() => {
    dialog.current?.showModal();
    apiRequest<{ chapters: Chapter[] }>(`/api/chapters/list?story_id=${storyId}&chapter_number=${chapterNumber}`)
      .then(({ chapters: [chapter] }) => {
        if (!chapter) throw new ApiError(404, 'Chapter not found');
        setDraft({ id: chapter.id, title: chapter.title, content: chapter.content, chapter_number: String(chapter.chapter_number), status: chapter.status });
      })
      .catch((cause: unknown) => setError(cause instanceof ApiError && cause.status === 404 ? 'Chapter not found' : 'Failed to load chapter'));
  }, [storyId, chapterNumber]);

  const canSave = draft !== null && draft.title.trim() !== '' && draft.content.trim() !== '' && saving === 'idle';

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft || !canSave) return;
    const number = Math.max(1, Math.floor(Number(draft.chapter_number)) || 1);
    setSaving('saving');
    setError(null);
    try {
      await apiRequest('/api/chapters/update', {
        json: { id: draft.id, title: draft.title.trim(), content: draft.content, chapter_number: number, status: draft.status },
      });
      setSaving('publishing');
      await waitForPublish();
      location.assign(`${chapterPath(storySlug, number)}/`);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'Save failed');
      setSaving('idle');
    }
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => d && { ...d, [key]: value });
  return (
    <dialog ref={dialog} className="edit-dialog" aria-labelledby="edit-dialog-title" onCancel={onClose} onClose={onClose}>
      <form onSubmit={(event) => void save(event)}>
        <h2 id="edit-dialog-title">Edit chapter</h2>
        {error && (
          <p className="edit-error" role="alert">
            {error}
          </p>
        )}
        {draft && (
          <>
            <label className="comment-field">
              <span>Title</span>
              <input value={draft.title} onChange={(e) => set('title', e.target.value)} maxLength={200} />
            </label>
            <label className="comment-field">
              <span>Content</span>
              <textarea rows={20} value={draft.content} onChange={(e) => set('content', e.target.value)} />
            </label>
            <div className="edit-row">
              <label className="comment-field">
                <span>Chapter number</span>
                <input type="number" min={1} value={draft.chapter_number} onChange={(e) => set('chapter_number', e.target.value)} />
              </label>
              <label className="comment-field">
                <span>Status</span>
                <select value={draft.status} onChange={(e) => set('status', e.target.value as ChapterStatus)}>
                  <option value="draft">draft</option>
                  <option value="published">published</option>
                </select>
              </label>
            </div>
          </>
        )}
        {saving === 'publishing' && <p role="status">Saved. Republishing the site…</p>}
        <div className="edit-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!canSave}>
            {saving === 'idle' ? 'Save' : 'Saving…'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
