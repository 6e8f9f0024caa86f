// The editor's toolbar: what is being edited, whether it is saved, the reader's preview, a file
// to fill the text from, and Save. Other tools of the writing desk add their buttons here.
import { useId } from 'react';
import type { Story } from '#lib/stories.ts';
import { SubmitButton } from '../components.tsx';
import { CHAPTER_FILE_ACCEPT } from '../stories/markdown-file.ts';

interface DeskToolbarProps {
  headingId: string;
  story: Story;
  chapterId: number | null;
  title: string;
  dirty: boolean;
  busy: boolean;
  onFile(file: File): void;
}

export function DeskToolbar({ headingId, story, chapterId, title, dirty, busy, onFile }: DeskToolbarProps) {
  const fileId = useId();
  return (
    <div className="desk-toolbar">
      <div className="desk-heading">
        <h1 id={headingId}>{chapterId === null ? 'New chapter' : `Edit “${title || 'Untitled'}”`}</h1>
        <p className="muted">
          {story.title} ·{' '}
          <span role="status" className="desk-state">
            {busy ? 'Saving…' : dirty ? 'Unsaved changes' : chapterId === null ? 'Not saved yet' : 'All changes saved'}
          </span>
        </p>
      </div>
      <div className="desk-actions">
        <label className="button button-ghost desk-file" htmlFor={fileId}>
          Open a .md file
        </label>
        <input
          id={fileId}
          className="visually-hidden"
          type="file"
          accept={CHAPTER_FILE_ACCEPT}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = '';
          }}
        />
        {chapterId === null ? (
          <button type="button" className="button button-ghost" disabled title="Save the chapter first">
            Preview
          </button>
        ) : (
          <a className="button button-ghost" href={`/storytime/preview/?chapter=${chapterId}`} target="_blank" rel="noopener">
            Preview
          </a>
        )}
        <SubmitButton busy={busy} label={chapterId === null ? 'Create Chapter' : 'Update Chapter'} busyLabel="Saving…" />
      </div>
    </div>
  );
}
