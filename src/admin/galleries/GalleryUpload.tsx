// Uploading images into a gallery: a file picker (many files) and a drop zone. Every file gets a
// row with its name, a progress bar and its own outcome; a file the browser already knows is
// wrong (by its extension) is refused there, the rest go one request per file, a few at a time.
// At the end: 'Images uploaded successfully!' or 'Failed to upload images' with each file's error.
import { useState } from 'react';
import { GALLERY_UPLOAD_ACCEPT } from '#lib/galleries.ts';
import { FileDropZone } from '../FileDropZone.tsx';
import { PARALLEL_UPLOADS, runLimited } from './upload-queue.ts';
import { refusalFor, uploadGalleryFile } from './upload-file.ts';

type RowState = { status: 'waiting' | 'uploading' | 'processing' | 'done' } | { status: 'failed'; error: string };
interface UploadRow {
  key: string;
  name: string;
  progress: number;
  state: RowState;
}

const STATUS_TEXT = { waiting: 'Waiting', processing: 'Reading metadata…', done: 'Done' } as const;

function rowText(row: UploadRow): string {
  if (row.state.status === 'failed') return row.state.error;
  if (row.state.status === 'uploading') return `Uploading ${Math.round(row.progress * 100)}%`;
  return STATUS_TEXT[row.state.status];
}

interface GalleryUploadProps {
  galleryId: number;
  /** After a batch in which at least one file was stored: the grid reloads. */
  onUploaded(): void;
}

export function GalleryUpload({ galleryId, onUploaded }: GalleryUploadProps) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [busy, setBusy] = useState(false);
  const update = (key: string, change: Partial<UploadRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));

  async function upload(files: File[]) {
    if (files.length === 0 || busy) return;
    const batch = files.map((file, index) => {
      const refusal = refusalFor(file);
      const row: UploadRow = {
        key: `${Date.now()}-${index}`,
        name: file.name,
        progress: 0,
        state: refusal ? { status: 'failed', error: refusal } : { status: 'waiting' },
      };
      return { file, row };
    });
    setRows(batch.map(({ row }) => row));
    setBusy(true);
    let stored = 0;
    await runLimited(
      batch.filter(({ row }) => row.state.status === 'waiting'),
      PARALLEL_UPLOADS,
      async ({ file, row }) => {
        update(row.key, { state: { status: 'uploading' } });
        const outcome = await uploadGalleryFile(galleryId, file, (progress) =>
          // Every byte sent is not the end: the server still reads the metadata and makes thumbnails.
          update(row.key, progress < 1 ? { progress } : { progress, state: { status: 'processing' } }),
        );
        if (outcome.ok) stored++;
        update(row.key, outcome.ok ? { progress: 1, state: { status: 'done' } } : { state: { status: 'failed', error: outcome.error } });
      },
    );
    setBusy(false);
    if (stored > 0) onUploaded();
  }

  const finished = !busy && rows.length > 0;
  const failed = rows.flatMap((row) => (row.state.status === 'failed' ? [{ key: row.key, error: row.state.error }] : []));

  return (
    <section className="gallery-upload" aria-label="Upload images">
      <FileDropZone
        busy={busy}
        multiple
        accept={GALLERY_UPLOAD_ACCEPT}
        prompt="Drag and drop images here, or"
        buttonLabel="Choose images"
        hint="PNG, JPEG or WebP, many at once. Prompts, LoRAs, checkpoint and settings are read from each file."
        onFiles={(files) => void upload(files)}
      />
      {rows.length > 0 && (
        <ul className="upload-rows" aria-label="Files">
          {rows.map((row) => (
            <li key={row.key} className={`upload-row is-${row.state.status}`}>
              <span className="upload-row-name">{row.name}</span>
              <progress max={1} value={row.progress} aria-label={`Upload of ${row.name}`} />
              <span className="upload-row-status">{rowText(row)}</span>
            </li>
          ))}
        </ul>
      )}
      {finished &&
        (failed.length === 0 ? (
          <p className="notice notice-success" role="status">
            Images uploaded successfully!
          </p>
        ) : (
          <div className="notice notice-error" role="alert">
            <p>Failed to upload images</p>
            <ul>
              {failed.map(({ key, error }) => (
                <li key={key}>{error}</li>
              ))}
            </ul>
          </div>
        ))}
      {finished && (
        <button type="button" className="button button-ghost" onClick={() => setRows([])}>
          Dismiss
        </button>
      )}
    </section>
  );
}
