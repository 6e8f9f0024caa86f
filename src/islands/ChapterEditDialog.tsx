// The chapter edit dialog on the reader's page (docs/product.md, The admin area): the chapter's
// fields, the same as the admin's chapter form (without the slug, which stays), in the admin's
// data layer, so an expired session asks to sign in again and keeps the text. Save stays disabled
// until title and content are non-empty after trimming. After saving, the page waits for the site
// to republish and then shows the chapter again, at its new number when that changed.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { NoticeBanner } from '#src/admin/components.tsx';
import { DataProvider } from '#src/admin/data/DataProvider.tsx';
import { failureText, fieldErrors } from '#src/admin/data/failure.ts';
import { useSettledTimeZone } from '#src/admin/data/queries.ts';
import { chapterDraft, chapterInput } from '#src/admin/stories/chapter-draft.ts';
import { ChapterFields } from '#src/admin/stories/ChapterFields.tsx';
import { useChapter, useSaveChapter } from '#src/admin/stories/queries.ts';
import { apiRequest } from '#lib/api-client.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import type { Chapter } from '#lib/stories.ts';

interface Props {
  storyId: number;
  storySlug: string;
  chapterNumber: number;
  onClose(): void;
}

async function waitForPublish(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const { state } = await apiRequest<{ state: { publishing: boolean } }>('/api/admin/publish-state');
    if (!state.publishing) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export default function ChapterEditDialog(props: Props) {
  return (
    <DataProvider>
      <EditDialog {...props} />
    </DataProvider>
  );
}

function EditDialog({ storyId, storySlug, chapterNumber, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Release times are entered in the author's zone: the form waits for it (useSettledTimeZone).
  const timeZone = useSettledTimeZone();
  const loaded = useChapter(storyId, chapterNumber);
  useEffect(() => dialog.current?.showModal(), []);

  return (
    <dialog ref={dialog} className="edit-dialog" aria-labelledby="edit-dialog-title" onCancel={onClose} onClose={onClose}>
      <h2 id="edit-dialog-title">Edit chapter</h2>
      {loaded.data && timeZone !== null ? (
        <EditForm chapter={loaded.data} storySlug={storySlug} timeZone={timeZone} onClose={onClose} />
      ) : (
        <div className="edit-form">
          {loaded.isPending || timeZone === null ? (
            <p role="status">Loading chapter…</p>
          ) : (
            <NoticeBanner
              notice={{
                kind: 'error',
                text: loaded.data === null ? 'Chapter not found' : failureText(loaded.error, 'Failed to load chapter'),
              }}
            />
          )}
          <CancelOnly onClose={onClose} />
        </div>
      )}
    </dialog>
  );
}

function CancelOnly({ onClose }: { onClose(): void }) {
  return (
    <div className="edit-actions">
      <button type="button" className="btn" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

interface EditFormProps {
  chapter: Chapter;
  storySlug: string;
  timeZone: string;
  onClose(): void;
}

function EditForm({ chapter, storySlug, timeZone, onClose }: EditFormProps) {
  const [draft, setDraft] = useState(() => chapterDraft(chapter, timeZone));
  const [publishing, setPublishing] = useState(false);
  const save = useSaveChapter(chapter.story_id);
  const canSave = draft.title.trim() !== '' && draft.content.trim() !== '' && !save.isPending && !publishing;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    const input = chapterInput({ ...draft, title: draft.title.trim() }, timeZone);
    save.mutate(
      { input, target: { id: chapter.id } },
      {
        onSuccess: async () => {
          setPublishing(true);
          await waitForPublish().catch(() => {}); // the chapter is saved either way: show it
          location.assign(`${chapterPath(storySlug, input.chapter_number)}/`);
        },
      },
    );
  }

  return (
    <form className="edit-form" onSubmit={submit}>
      {save.isError && <NoticeBanner notice={{ kind: 'error', text: failureText(save.error, 'Save failed') }} />}
      <ChapterFields
        draft={draft}
        onChange={setDraft}
        timeZone={timeZone}
        errors={fieldErrors(save.error)}
        creating={false}
        withSlug={false}
        contentRows={20}
      />
      {publishing && <p role="status">Saved. Republishing the site…</p>}
      <div className="edit-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!canSave}>
          {save.isPending || publishing ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
