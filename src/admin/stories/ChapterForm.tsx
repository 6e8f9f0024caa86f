// The admin's chapter form (docs/product.md, The admin area: Stories & Chapters): the chapter's
// fields (ChapterFields.tsx) and a .md/.markdown/.txt file that fills the
// content. Editing loads the full text first (the list only carries a preview). A refused save
// keeps what was typed and shows each problem at its field.
import { type FormEvent, useId, useState } from 'react';
import type { AdminChapterSummary } from '#lib/stories.ts';
import { Modal } from '../Modal.tsx';
import { FormActions, type Notice, NoticeBanner } from '../components.tsx';
import { failureText, fieldErrors } from '../data/failure.ts';
import { type ChapterDraft, chapterDraft, chapterInput, newChapterDraft } from './chapter-draft.ts';
import { ChapterFields } from './ChapterFields.tsx';
import { CHAPTER_FILE_ACCEPT, readMarkdownFile } from './markdown-file.ts';
import { useSettledTimeZone } from '../data/queries.ts';
import { useChapter, useSaveChapter } from './queries.ts';

interface ChapterFormProps {
  storyId: number;
  /** The chapter to edit, or null to add one. */
  chapter: AdminChapterSummary | null;
  suggestedNumber: number;
  /** `message` is the server's word on the save (a release time that had passed). */
  onSaved(created: boolean, message?: string): void;
  onClose(): void;
}

export function ChapterForm({ storyId, chapter, suggestedNumber, onSaved, onClose }: ChapterFormProps) {
  const loaded = useChapter(storyId, chapter?.chapter_number ?? 0, chapter !== null);
  // Release times are entered in the author's zone: the fields wait for it (useSettledTimeZone).
  const timeZone = useSettledTimeZone();
  const body = (initial: ChapterDraft, zone: string) => (
    <ChapterFormBody storyId={storyId} chapterId={chapter?.id} initial={initial} timeZone={zone} onSaved={onSaved} onClose={onClose} />
  );
  const waiting = timeZone === null || (chapter !== null && loaded.isPending);
  return (
    <Modal title={chapter ? `Edit Chapter ${chapter.chapter_number}` : 'Add Chapter'} onClose={onClose} size="wide">
      {waiting ? (
        <p role="status">{chapter ? 'Loading chapter…' : 'Loading…'}</p>
      ) : !chapter ? (
        body(newChapterDraft(suggestedNumber, timeZone), timeZone)
      ) : loaded.data ? (
        body(chapterDraft(loaded.data, timeZone), timeZone)
      ) : (
        <NoticeBanner
          notice={{
            kind: 'error',
            text: loaded.data === null ? 'Chapter not found' : failureText(loaded.error, 'Failed to load chapters'),
          }}
        />
      )}
    </Modal>
  );
}

interface BodyProps extends Pick<ChapterFormProps, 'storyId' | 'onSaved' | 'onClose'> {
  chapterId: number | undefined;
  initial: ChapterDraft;
  /** The author's time zone: release times are entered in it. */
  timeZone: string;
}

function ChapterFormBody({ storyId, chapterId, initial, timeZone, onSaved, onClose }: BodyProps) {
  const [draft, setDraft] = useState(initial);
  const [fileNotice, setFileNotice] = useState<Notice | null>(null);
  const save = useSaveChapter(storyId);
  const fileId = useId();

  async function fillFromFile(file: File | undefined) {
    if (!file) return;
    try {
      const content = await readMarkdownFile(file);
      setDraft((current) => ({ ...current, content }));
      setFileNotice(null);
    } catch (error) {
      setFileNotice({ kind: 'error', text: (error as Error).message });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFileNotice(null);
    save.mutate(
      { input: chapterInput(draft, timeZone), target: chapterId ? { id: chapterId } : { storyId } },
      { onSuccess: (message) => onSaved(chapterId === undefined, message) },
    );
  }

  const failure: Notice | null = save.isError ? { kind: 'error', text: failureText(save.error, 'Failed to save chapter') } : null;
  return (
    <form className="form" onSubmit={submit}>
      <NoticeBanner notice={fileNotice ?? failure} />
      <ChapterFields
        draft={draft}
        onChange={setDraft}
        timeZone={timeZone}
        errors={fieldErrors(save.error)}
        creating={chapterId === undefined}
        contentRows={15}
      />
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
      <FormActions onCancel={onClose} busy={save.isPending} label={chapterId ? 'Update Chapter' : 'Create Chapter'} busyLabel="Saving…" />
    </form>
  );
}
