// Upload Manager: the uploaded files by folder, with totals, an upload area on the
// general tab, and View / Delete for each file.
import './upload-manager.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UploadFile, UploadFolder } from '#lib/upload-kinds.ts';
import { ApiError, apiRequest } from '#lib/api-client.ts';
import { failureText, NoticeBanner, useNotice } from './components.tsx';
import { queryKeys } from './data/keys.ts';
import { useSave } from './data/useSave.ts';
import { useConfirm } from './Modal.tsx';
import { uploadsQuery } from './queries.ts';
import { refusalFor, UploadDropZone } from './UploadManagerDropZone.tsx';
import { formatBytes, UploadFileCard } from './UploadManagerFileCard.tsx';
import { Tabs } from './UploadManagerTabs.tsx';
import { countOf } from '#lib/counts.ts';

const FOLDER_LABELS: Record<UploadFolder, string> = { covers: 'Covers', pagebreaks: 'Page breaks', general: 'General' };
const FOLDERS = Object.keys(FOLDER_LABELS) as UploadFolder[];

/** A deleted file may have been a story's cover or page break: those lists change too. */
const DELETE_CHANGES = [uploadsQuery.queryKey, queryKeys.allStories, queryKeys.pageBreaks];

interface Deletion {
  file: UploadFile;
  /** Delete although the site uses it, after the second confirmation. */
  force?: true;
}

export function UploadManager() {
  const { data: uploads, isFetching: loading, isError, refetch } = useQuery(uploadsQuery);
  const [folder, setFolder] = useState<UploadFolder>('covers');
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  const upload = useSave({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      form.append('type', 'general');
      return apiRequest('/api/images/upload', { form });
    },
    invalidates: [uploadsQuery.queryKey],
    onSuccess: (_answer, file) => showNotice({ kind: 'success', text: `File "${file.name}" uploaded successfully!` }),
    onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Upload failed') }),
  });

  const deletion = useSave({
    mutationFn: ({ file, force }: Deletion) =>
      apiRequest<{ cleared?: string[] }>('/api/images/manage', { json: { action: 'delete', path: file.path, ...(force && { force }) } }),
    invalidates: DELETE_CHANGES,
    onSuccess: (result) => {
      const cleared = result.cleared ? ` Removed from: ${result.cleared.join(', ')}.` : '';
      showNotice({ kind: 'success', text: `File deleted successfully!${cleared}` });
    },
    onError: (error, { file, force }) => {
      showNotice({ kind: 'error', text: failureText(error, 'Failed to delete file') });
      if (!force && error instanceof ApiError && error.status === 409) void confirmInUse(file, error.message);
    },
  });

  function pick(file: File) {
    const refusal = refusalFor(file);
    if (refusal) showNotice({ kind: 'error', text: refusal });
    else upload.mutate(file);
  }

  /** Deletes after a confirmation; a file in use (409) only after a second one, which clears its uses. */
  async function remove(file: UploadFile) {
    if (await confirm(`Are you sure you want to delete "${file.filename}"? This action cannot be undone.`)) deletion.mutate({ file });
  }

  async function confirmInUse(file: UploadFile, uses: string) {
    // The users are named in the dialog too: on a phone the notice is scrolled out of view.
    const forced = `${uses} Delete "${file.filename}" anyway? Covers and page breaks that use it go back to the default, it is removed from the Markdown that shows it, and the site is republished.`;
    if (await confirm(forced, 'Delete anyway')) deletion.mutate({ file, force: true });
  }

  const all = uploads ? FOLDERS.flatMap((key) => uploads[key]) : [];
  const files = uploads?.[folder] ?? [];

  return (
    <>
      <div className="page-header">
        <h1>Upload Manager</h1>
        <button type="button" className="button button-ghost" onClick={() => void refetch()} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <NoticeBanner notice={isError ? { kind: 'error', text: 'Failed to load uploads' } : notice} />
      {!uploads && loading && (
        <p className="muted" role="status">
          Loading uploads…
        </p>
      )}
      {uploads && (
        <>
          <p className="upload-totals">
            <strong>{countOf(all.length, 'file', 'files')}</strong>, {formatBytes(all.reduce((sum, file) => sum + file.size, 0))} in total
          </p>
          <Tabs<UploadFolder>
            label="Upload folders"
            tabs={FOLDERS.map((key) => ({ key, label: `${FOLDER_LABELS[key]} (${uploads[key].length})` }))}
            selected={folder}
            onSelect={setFolder}
          >
            {folder === 'general' && <UploadDropZone busy={upload.isPending} onFile={pick} />}
            {files.length === 0 ? (
              <p className="upload-empty muted">No files in {FOLDER_LABELS[folder].toLowerCase()} yet.</p>
            ) : (
              <ul className="upload-grid">
                {files.map((file) => (
                  <UploadFileCard key={file.path} file={file} onDelete={(f) => void remove(f)} />
                ))}
              </ul>
            )}
          </Tabs>
        </>
      )}
      {dialog}
    </>
  );
}
