// The chapter form (SPEC 2.5): title, slug, Markdown content (15 rows), number, status, and a
// .md/.markdown/.txt file that fills the content. Editing loads the full text first (the list
// only carries a preview). A failed save keeps what was typed.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { CHAPTER_STATUSES, type AdminChapterSummary } from '../../lib/stories.ts';
import { Modal } from '../Modal.tsx';
import { failureText, type Notice, NoticeBanner, SelectField, SubmitButton, TextAreaField, TextField } from '../components.tsx';
import { type ChapterInput, storyApi } from './api.ts';
import { CHAPTER_FILE_ACCEPT, readMarkdownFile } from './markdown-file.ts';
import { TitleSlugFields } from './TitleSlugFields.tsx';

interface ChapterFormProps {
  storyId: number;
  /** The chapter to edit, or null to add one. */
  chapter: AdminChapterSummary | null;
  suggestedNumber: number;
  onSaved(created: boolean): void;
  onClose(): void;
}

export function ChapterForm({ storyId, chapter, suggestedNumber, onSaved, onClose }: ChapterFormProps) {
  const [form, setForm] = useState<ChapterInput | null>(
    chapter ? null : { title: '', slug: '', content: '', chapter_number: suggestedNumber, status: 'draft' },
  );
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const fileId = useId();

  useEffect(() => {
    if (!chapter) return;
    storyApi
      .chapter(storyId, chapter.chapter_number)
      .then(({ title, slug, content, chapter_number, status }) => setForm({ title, slug, content, chapter_number, status }))
      .catch((error: unknown) => setNotice({ kind: 'error', text: failureText(error, 'Failed to load chapters') }));
  }, [storyId, chapter]);

  const set = <K extends keyof ChapterInput>(key: K, value: ChapterInput[K]) => setForm((f) => f && { ...f, [key]: value });

  async function fillFromFile(file: File | undefined) {
    if (!file) return;
    try {
      set('content', await readMarkdownFile(file));
    } catch (error) {
      setNotice({ kind: 'error', text: (error as Error).message });
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setSaving(true);
    setNotice(null);
    try {
      await storyApi.saveChapter(form, chapter ? { id: chapter.id } : { storyId });
      onSaved(chapter === null);
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, 'Failed to save chapter') });
      setSaving(false);
    }
  }

  return (
    <Modal title={chapter ? `Edit Chapter ${chapter.chapter_number}` : 'Add Chapter'} onClose={onClose} size="wide">
      <NoticeBanner notice={notice} />
      {!form ? (
        !notice && <p role="status">Loading chapter…</p>
      ) : (
        <form className="form" onSubmit={save}>
          <TitleSlugFields title={form.title} slug={form.slug} creating={chapter === null} onChange={(fields) => setForm({ ...form, ...fields })} />
          <div className="form-row">
            <TextField
              label="Chapter number"
              type="number"
              required
              min={1}
              step={1}
              value={String(form.chapter_number)}
              onChange={(value) => set('chapter_number', Number(value))}
            />
            <SelectField label="Status" value={form.status} options={CHAPTER_STATUSES} onChange={(v) => set('status', v)} />
          </div>
          <TextAreaField label="Content (Markdown)" required rows={15} value={form.content} onChange={(v) => set('content', v)} />
          <div className="file-line">
            <label htmlFor={fileId}>Fill the content from a .md, .markdown or .txt file</label>
            <input
              id={fileId}
              type="file"
              accept={CHAPTER_FILE_ACCEPT}
              onChange={(event) => {
                void fillFromFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </div>
          <div className="form-actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton busy={saving} label={chapter ? 'Update Chapter' : 'Create Chapter'} busyLabel="Saving…" />
          </div>
        </form>
      )}
    </Modal>
  );
}
