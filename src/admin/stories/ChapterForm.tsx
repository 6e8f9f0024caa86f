// The chapter form: title, slug, Markdown content (15 rows), number, status, and a
// .md/.markdown/.txt file that fills the content. Editing loads the full text first (the list
// only carries a preview). A failed save keeps what was typed. Besides draft and published, the
// status offers 'scheduled': a draft with a release time in the author's time zone.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { instantToWallTime, type WallTime, wallTimeToInstant } from '../../lib/releases.ts';
import { type AdminChapterSummary, CHAPTER_STATUSES, type Chapter, type ChapterStatus } from '../../lib/stories.ts';
import { Modal } from '../Modal.tsx';
import { failureText, type Notice, NoticeBanner, SelectField, SubmitButton, TextAreaField, TextField } from '../components.tsx';
import { type ChapterInput, storyApi } from './api.ts';
import { CHAPTER_FILE_ACCEPT, readMarkdownFile } from './markdown-file.ts';
import { ReleaseTimeFields } from './ReleaseTimeFields.tsx';
import { TitleSlugFields } from './TitleSlugFields.tsx';

const STATUS_OPTIONS = [...CHAPTER_STATUSES, 'scheduled'] as const;
type FormStatus = (typeof STATUS_OPTIONS)[number];
type FormState = Omit<ChapterInput, 'status' | 'release_at'> & { status: FormStatus; release: WallTime };

interface ChapterFormProps {
  storyId: number;
  /** The chapter to edit, or null to add one. */
  chapter: AdminChapterSummary | null;
  suggestedNumber: number;
  /** The author's time zone: release times are entered in it. */
  timeZone: string;
  /** `message` is the server's word on the save (a release time that had passed). */
  onSaved(created: boolean, message?: string): void;
  onClose(): void;
}

/** A day from now at the next full hour: a sensible first release time to edit. */
function tomorrow(timeZone: string): WallTime {
  const { date, time } = instantToWallTime(new Date(Date.now() + 24 * 60 * 60 * 1000), timeZone);
  return { date, time: `${time.slice(0, 2)}:00` };
}

function toFormState({ title, slug, content, chapter_number, status, release_at }: Chapter, timeZone: string): FormState {
  const scheduled = status === 'draft' && release_at !== null;
  return {
    title,
    slug,
    content,
    chapter_number,
    status: scheduled ? 'scheduled' : status,
    release: scheduled ? instantToWallTime(new Date(release_at), timeZone) : tomorrow(timeZone),
  };
}

/** What the API gets: 'scheduled' is a draft with a release time; anything else has none. */
function toInput({ status, release, ...fields }: FormState, timeZone: string): ChapterInput {
  if (status === 'scheduled') return { ...fields, status: 'draft', release_at: wallTimeToInstant(release, timeZone).toISOString() };
  return { ...fields, status: status as ChapterStatus, release_at: null };
}

export function ChapterForm({ storyId, chapter, suggestedNumber, timeZone, onSaved, onClose }: ChapterFormProps) {
  const [form, setForm] = useState<FormState | null>(
    chapter ? null : { title: '', slug: '', content: '', chapter_number: suggestedNumber, status: 'draft', release: tomorrow(timeZone) },
  );
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const fileId = useId();

  useEffect(() => {
    if (!chapter) return;
    storyApi
      .chapter(storyId, chapter.chapter_number)
      .then((loaded) => setForm(toFormState(loaded, timeZone)))
      .catch((error: unknown) => setNotice({ kind: 'error', text: failureText(error, 'Failed to load chapters') }));
  }, [storyId, chapter, timeZone]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => f && { ...f, [key]: value });

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
      const message = await storyApi.saveChapter(toInput(form, timeZone), chapter ? { id: chapter.id } : { storyId });
      onSaved(chapter === null, message);
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
            <SelectField label="Status" value={form.status} options={STATUS_OPTIONS} onChange={(v) => set('status', v)} />
          </div>
          {form.status === 'scheduled' && <ReleaseTimeFields value={form.release} timeZone={timeZone} onChange={(release) => set('release', release)} />}
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
