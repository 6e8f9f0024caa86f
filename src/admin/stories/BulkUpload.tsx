// 'Bulk Upload': many Markdown files become chapters at once (the rule is in README, "Bulk
// upload"); the results panel lists what was created and every file's error, until 'Dismiss'.
import { useId, useState } from 'react';
import type { ChapterStatus } from '../../lib/stories.ts';
import { failureText } from '../components.tsx';
import { type BulkUploadResult, storyApi } from './api.ts';
import { CHAPTER_FILE_ACCEPT } from './markdown-file.ts';

interface BulkUploadProps {
  storyId: number;
  onUploaded(): void;
  onError(message: string): void;
}

export function BulkUpload({ storyId, onUploaded, onError }: BulkUploadProps) {
  const inputId = useId();
  const [status, setStatus] = useState<ChapterStatus>('draft');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkUploadResult | null>(null);

  async function upload(files: File[]) {
    if (files.length === 0) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await storyApi.bulkUpload(storyId, files, status);
      setResult(answer);
      if (answer.uploaded_count > 0) onUploaded();
    } catch (error) {
      onError(failureText(error, 'Failed to upload chapters'));
    } finally {
      setBusy(false);
    }
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
            void upload([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <label className="inline-select">
          <span>New chapters are</span>
          <select value={status} onChange={(event) => setStatus(event.target.value as ChapterStatus)}>
            <option value="draft">drafts</option>
            <option value="published">published</option>
          </select>
        </label>
      </div>
      {result && (
        <section className="card bulk-results" aria-label="Bulk upload results">
          {result.uploaded_count > 0 && (
            <>
              <p className="notice notice-success" role="status">
                Successfully uploaded {result.uploaded_count} chapters!
              </p>
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
            <div className="notice notice-error" role="alert">
              <p>Some files had errors</p>
              <ul className="bulk-list">
                {result.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </div>
          )}
          <button type="button" className="button button-ghost" onClick={() => setResult(null)}>
            Dismiss
          </button>
        </section>
      )}
    </div>
  );
}
