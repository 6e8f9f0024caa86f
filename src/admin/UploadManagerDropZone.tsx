// The general tab's upload area: drop an image on it or browse for one. Only the first file of
// a drop is used (SPEC 5). Type and size are checked here to save a pointless upload; the
// server checks again, from the file's bytes.
import { Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, INVALID_TYPE_MESSAGE, tooLargeMessage, UPLOAD_MAX_BYTES } from '../lib/upload-kinds.ts';

/** The browser-side refusal for a file, or null when it may be sent. */
export function refusalFor(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return INVALID_TYPE_MESSAGE;
  if (file.size > UPLOAD_MAX_BYTES.general) return tooLargeMessage(UPLOAD_MAX_BYTES.general);
  return null;
}

interface DropZoneProps {
  busy: boolean;
  onFile(file: File): void;
}

export function UploadDropZone({ busy, onFile }: DropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (file: File | undefined) => {
    if (file && !busy) onFile(file);
  };
  const over = (event: DragEvent) => {
    event.preventDefault(); // lets the drop happen here instead of the browser opening the file
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`drop-zone${dragging ? ' is-dragging' : ''}${busy ? ' is-busy' : ''}`}
      aria-busy={busy}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={(event) => {
        // Leaving for one of the zone's own children is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
    >
      <Upload aria-hidden="true" size={28} />
      <p>{busy ? 'Uploading…' : 'Drag and drop an image here, or'}</p>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-describedby={hintId}
        disabled={busy}
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = ''; // the same file can be chosen again after an error
        }}
      />
      <label htmlFor={inputId} className="button button-primary">
        Browse for an image
      </label>
      <small id={hintId} className="muted">
        JPEG, PNG, GIF or WebP, up to {UPLOAD_MAX_BYTES.general / (1024 * 1024)}MB.
      </small>
    </div>
  );
}
