// The admin's upload area: drop files on it or browse for them. The Upload Manager takes one
// image, the Gallery Manager many; what the files are is decided by the caller.
import './upload-manager.css'; // the .drop-zone look
import { Upload } from '#lib/icons.tsx';
import { type DragEvent, useId, useState } from 'react';

interface FileDropZoneProps {
  busy: boolean;
  /** Offer several files in the picker. A drop always hands over every dropped file. */
  multiple?: boolean;
  /** For the file picker, as in <input accept>. */
  accept: string;
  /** Shown while idle, before the button: 'Drag and drop … here, or'. */
  prompt: string;
  buttonLabel: string;
  hint: string;
  onFiles(files: File[]): void;
}

export function FileDropZone({ busy, multiple = false, accept, prompt, buttonLabel, hint, onFiles }: FileDropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (files: File[]) => {
    if (files.length > 0 && !busy) onFiles(files);
  };
  const over = (event: DragEvent) => {
    event.preventDefault(); // lets the drop happen here instead of the browser opening the file
    setDragging(true);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the file input inside is the keyboard's way
    <div
      className={`drop-zone${dragging ? ' is-dragging' : ''}${busy ? ' is-busy' : ''}`}
      aria-busy={busy}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={(event) => {
        // Leaving for one of the zone's own children is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        take([...event.dataTransfer.files]);
      }}
    >
      <Upload aria-hidden="true" size={28} />
      <p>{busy ? 'Uploading…' : prompt}</p>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple={multiple}
        accept={accept}
        aria-describedby={hintId}
        disabled={busy}
        onChange={(event) => {
          take([...(event.target.files ?? [])]);
          event.target.value = ''; // the same file can be chosen again after an error
        }}
      />
      <label htmlFor={inputId} className="button button-primary">
        {buttonLabel}
      </label>
      <small id={hintId} className="muted">
        {hint}
      </small>
    </div>
  );
}
