// The story form's cover and page-break fields: a preview of the image in use (or the
// default), an upload button, optionally a picker of existing images, and a way back to the default.
import { type ReactNode, useId, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, INVALID_TYPE_MESSAGE, tooLargeMessage } from '#lib/upload-kinds.ts';
import { STORY_IMAGE_MAX_BYTES } from '#lib/limits.ts';

interface StoryImageFieldProps {
  label: string;
  value: string | null;
  fallback: string;
  /** Uploads the file and resolves with its URL; rejects with a message for the person. */
  upload(file: File): Promise<void>;
  onClear(): void;
  onError(message: string): void;
  /** Extra buttons, such as 'Choose Page Break Image'. */
  children?: ReactNode;
}

export function StoryImageField({ label, value, fallback, upload, onClear, onError, children }: StoryImageFieldProps) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);

  async function choose(file: File | undefined) {
    if (!file) return;
    // The server checks again by the file's bytes; these checks only save a pointless upload.
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return onError(`"${file.name}": ${INVALID_TYPE_MESSAGE}`);
    if (file.size > STORY_IMAGE_MAX_BYTES) return onError(`"${file.name}": ${tooLargeMessage(STORY_IMAGE_MAX_BYTES)}`);
    setBusy(true);
    try {
      await upload(file);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="field image-field">
      <legend>{label}</legend>
      <img className="image-field-preview" src={value ?? fallback} alt="" loading="lazy" />
      <div className="image-field-actions">
        <label htmlFor={inputId} className={`button button-ghost${busy ? ' is-busy' : ''}`}>
          {busy ? 'Uploading…' : `Upload ${label.toLowerCase()}`}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          disabled={busy}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = ''; // the same file can be chosen again after an error
          }}
        />
        {children}
        {value && (
          <button type="button" className="button button-ghost" onClick={onClear}>
            Use the default
          </button>
        )}
      </div>
      <small>{value ? value : 'Using the default image.'} PNG, JPG, GIF up to 10MB (WebP works too).</small>
    </fieldset>
  );
}
