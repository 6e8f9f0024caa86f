// The editor's toolbar: what is being edited, whether it is saved, the reader's preview, a file
// to fill the text from, and Save. Other tools of the writing desk add their buttons here.
import type { ReactNode } from 'react';
import type { Story } from '#lib/stories.ts';
import { SubmitButton } from '../components.tsx';
import { CHAPTER_FILE_ACCEPT } from '../stories/markdown-file.ts';
import { DocxImport } from './DocxImport.tsx';
import { FileButton } from './FileButton.tsx';

interface DeskToolbarProps {
  headingId: string;
  story: Story;
  chapterId: number | null;
  title: string;
  dirty: boolean;
  busy: boolean;
  /** The autosave's status line. */
  autosave?: ReactNode;
  /** More buttons of the writing desk's tools (History). */
  tools?: ReactNode;
  onFile(file: File): void;
}

export function DeskToolbar({ headingId, story, chapterId, title, dirty, busy, autosave, tools, onFile }: DeskToolbarProps) {
  return (
    <div className="desk-toolbar">
      <div className="desk-heading">
        <h1 id={headingId}>{chapterId === null ? 'New chapter' : `Edit “${title || 'Untitled'}”`}</h1>
        <p className="muted">
          {story.title} ·{' '}
          <span role="status" className="desk-state">
            {busy ? 'Saving…' : dirty ? 'Unsaved changes' : chapterId === null ? 'Not saved yet' : 'All changes saved'}
          </span>
          {autosave}
        </p>
      </div>
      <div className="desk-actions">
        {tools}
        <FileButton label="Open a .md file" accept={CHAPTER_FILE_ACCEPT} onFile={onFile} />
        <DocxImport storyId={story.id} />
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
