// Upload Manager: the uploaded files by folder, with totals, an upload area on the
// general tab, and View / Delete for each file.
import './upload-manager.css';
import { useCallback, useEffect, useState } from 'react';
import type { UploadFile, UploadFolder, UploadListing } from '../lib/upload-kinds.ts';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { NoticeBanner, useNotice } from './components.tsx';
import { useConfirm } from './Modal.tsx';
import { refusalFor, UploadDropZone } from './UploadManagerDropZone.tsx';
import { formatBytes, UploadFileCard } from './UploadManagerFileCard.tsx';
import { Tabs } from './UploadManagerTabs.tsx';

const FOLDER_LABELS: Record<UploadFolder, string> = { covers: 'Covers', pagebreaks: 'Page breaks', general: 'General' };
const FOLDERS = Object.keys(FOLDER_LABELS) as UploadFolder[];

/** The server's words when it answered, the screen's fallback otherwise (docs/product.md, Forms and messages). */
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

export function UploadManager() {
  const [uploads, setUploads] = useState<UploadListing | null>(null);
  const [folder, setFolder] = useState<UploadFolder>('covers');
  const [loading, setLoading] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setUploads((await apiRequest<{ uploads: UploadListing }>('/api/images/manage')).uploads);
    } catch {
      showNotice({ kind: 'error', text: 'Failed to load uploads' });
    } finally {
      setLoading(false);
    }
  }, [showNotice]);

  useEffect(() => void load(), [load]);

  async function upload(file: File) {
    const refusal = refusalFor(file);
    if (refusal) return showNotice({ kind: 'error', text: refusal });
    const form = new FormData();
    form.append('image', file);
    form.append('type', 'general');
    setUploading(true);
    try {
      await apiRequest('/api/images/upload', { form });
      showNotice({ kind: 'success', text: `File "${file.name}" uploaded successfully!` });
      await load();
    } catch (error) {
      showNotice({ kind: 'error', text: messageOf(error, 'Upload failed') });
    } finally {
      setUploading(false);
    }
  }

  /** Deletes after a confirmation; a file in use (409) only after a second one, which clears its uses. */
  async function remove(file: UploadFile) {
    if (!(await confirm(`Are you sure you want to delete "${file.filename}"? This action cannot be undone.`))) return;
    const json = { action: 'delete', path: file.path };
    try {
      let result: { cleared?: string[] };
      try {
        result = await apiRequest('/api/images/manage', { json });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        showNotice({ kind: 'error', text: error.message });
        // The users are named in the dialog too: on a phone the notice is scrolled out of view.
        const forced = `${error.message} Delete "${file.filename}" anyway? Covers and page breaks that use it go back to the default, it is removed from the Markdown that shows it, and the site is republished.`;
        if (!(await confirm(forced, 'Delete anyway'))) return;
        result = await apiRequest('/api/images/manage', { json: { ...json, force: true } });
      }
      const cleared = result.cleared ? ` Removed from: ${result.cleared.join(', ')}.` : '';
      showNotice({ kind: 'success', text: `File deleted successfully!${cleared}` });
      await load();
    } catch (error) {
      showNotice({ kind: 'error', text: messageOf(error, 'Failed to delete file') });
    }
  }

  const all = uploads ? FOLDERS.flatMap((key) => uploads[key]) : [];
  const files = uploads?.[folder] ?? [];

  return (
    <>
      <div className="page-header">
        <h1>Upload Manager</h1>
        <button type="button" className="button button-ghost" onClick={() => void load()} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <NoticeBanner notice={notice} />
      {!uploads && loading && (
        <p className="muted" role="status">
          Loading uploads…
        </p>
      )}
      {uploads && (
        <>
          <p className="upload-totals">
            <strong>{all.length === 1 ? '1 file' : `${all.length} files`}</strong>,{' '}
            {formatBytes(all.reduce((sum, file) => sum + file.size, 0))} in total
          </p>
          <Tabs<UploadFolder>
            label="Upload folders"
            tabs={FOLDERS.map((key) => ({ key, label: `${FOLDER_LABELS[key]} (${uploads[key].length})` }))}
            selected={folder}
            onSelect={setFolder}
          >
            {folder === 'general' && <UploadDropZone busy={uploading} onFile={(file) => void upload(file)} />}
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
