// Export & Import (decision 0012), for admins: download the whole site as one archive, and
// restore one. Importing into a site with content asks first, saying what will be lost.
import { type FormEvent, useState } from 'react';
import { failureText, NoticeBanner, SubmitButton, useNotice } from '../components.tsx';
import { useSave } from '../data/useSave.ts';
import { Modal } from '../Modal.tsx';
import { exportUrl, importArchive, importedText } from './api.ts';
import './archive.css';

export function ArchiveScreen() {
  const [analytics, setAnalytics] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Long enough to read the counts; errors stay until the next action.
  const [notice, showNotice] = useNotice(10_000);

  const importing = useSave({
    mutationFn: ({ archive, replace }: { archive: File; replace: boolean }) => importArchive(archive, replace),
    invalidates: [[]], // an import replaces the whole site: every query loads again
    onMutate: () => showNotice(null),
    onSuccess: (outcome) => {
      if (outcome.kind === 'needs-replace') setConfirming(true);
      else showNotice({ kind: 'success', text: importedText(outcome.summary) });
    },
    onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'The archive could not be imported.') }),
  });

  function runImport(replace: boolean) {
    if (file) importing.mutate({ archive: file, replace });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    runImport(false);
  }

  return (
    <>
      <h1>Export &amp; Import</h1>
      <NoticeBanner notice={notice} />
      <div className="archive-sections">
        <section className="card" aria-labelledby="export-title">
          <h2 id="export-title">Export</h2>
          <p>
            One .zip with everything you own: profile, social links, stories with their chapters as Markdown files, galleries with the image
            metadata, comments, likes, bans and every uploaded file. Accounts and passwords are never included.
          </p>
          <label className="check-field">
            <input type="checkbox" checked={analytics} onChange={(event) => setAnalytics(event.target.checked)} />
            <span>Include analytics</span>
          </label>
          <p>
            <a className="button button-primary" href={exportUrl(analytics)} download>
              Download archive
            </a>
          </p>
        </section>

        <section className="card" aria-labelledby="import-title">
          <h2 id="import-title">Import</h2>
          <p>Restore an archive made by Export, on this site or another. The whole archive is checked before anything changes.</p>
          <form className="form" onSubmit={submit}>
            <label className="field">
              <span>Archive file</span>
              <input type="file" accept=".zip,application/zip" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
            </label>
            <SubmitButton busy={importing.isPending} label="Import archive" busyLabel="Importing…" />
          </form>
        </section>
      </div>

      {confirming && (
        <Modal title="Replace this site?" onClose={() => setConfirming(false)}>
          <p>This site already has content. Importing “{file?.name}” replaces it with the archive’s, and these will be lost:</p>
          <ul>
            <li>the author profile and social links</li>
            <li>every story and chapter, scheduled ones included</li>
            <li>every gallery and image, and all uploaded files</li>
            <li>comments, likes and IP bans</li>
            <li>the analytics, if the archive includes analytics</li>
          </ul>
          <p>Accounts and passwords stay. This cannot be undone: download an export first if you may want the current site back.</p>
          <div className="form-actions">
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                setConfirming(false);
                runImport(true);
              }}
            >
              Replace site
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
