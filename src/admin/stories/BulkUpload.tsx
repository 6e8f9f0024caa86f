// 'Bulk Upload': many Markdown files become chapters at once (the rule is in README, "Bulk
// upload"); the results panel lists what was created and every file's error, until 'Dismiss'.
import { useId, useState } from 'react';
import { CHAPTER_STATUSES, type ChapterStatus } from '#lib/stories.ts';
import { NoticeBanner } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { CHAPTER_FILE_ACCEPT } from './markdown-file.ts';
import { useBulkUpload } from './queries.ts';

interface BulkUploadProps {
  storyId: number;
  onError(message: string): void;
}

export function BulkUpload({ storyId, onError }: BulkUploadProps) {
  const inputId = useId();
  const [status, setStatus] = useState<ChapterStatus>('draft');
  const upload = useBulkUpload(storyId);
  const busy = upload.isPending;
  const result = upload.data;

  function send(files: File[]) {
    if (files.length === 0) return;
    upload.reset();
    upload.mutate({ files, status }, { onError: (error) => onError(failureText(error, 'Failed to upload chapters')) });
  }

  return (
    <div className="bulk-upload">
      <div className="bulk-controls">
        <label htmlFor={inputId} className={`button button-ghost${busy ? ' is-busy' : ''}`}>
          {busy ? 'Uploading…' : 'Bulk Upload'}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept={CHAPTER_FILE_ACCEPT}
          disabled={busy}
          onChange={(event) => {
            send([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <label className="inline-select">
          <span>New chapters are</span>
          <select value={status} onChange={(event) => setStatus(event.target.value as ChapterStatus)}>
            {CHAPTER_STATUSES.map((option) => (
              <option key={option} value={option}>
                {option === 'draft' ? 'drafts' : option}
              </option>
            ))}
          </select>
        </label>
      </div>
      {result && (
        <section className="card bulk-results" aria-label="Bulk upload results">
          {result.uploaded_count > 0 && (
            <>
              <NoticeBanner notice={{ kind: 'success', text: `Successfully uploaded ${result.uploaded_count} chapters!` }} />
              <ul className="bulk-list">
                {result.chapters.map((chapter) => (
                  <li key={chapter.filename}>
                    <span className="muted">{chapter.filename}</span> → Chapter {chapter.chapter_number}: {chapter.title}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.errors.length > 0 && (
            <NoticeBanner notice={{ kind: 'error', text: 'Some files had errors' }}>
              <ul className="bulk-list">
                {result.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </NoticeBanner>
          )}
          <button type="button" className="button button-ghost" onClick={() => upload.reset()}>
            Dismiss
          </button>
        </section>
      )}
    </div>
  );
}
