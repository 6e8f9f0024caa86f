// The general tab's upload area: drop an image on it or browse for one. Only the first file of
// a drop is used (docs/product.md, The admin screens in detail). Type and size are checked here to save a pointless upload; the
// server checks again, from the file's bytes.
import { FileDropZone } from './FileDropZone.tsx';
import { ACCEPTED_IMAGE_TYPES, INVALID_TYPE_MESSAGE, tooLargeMessage, UPLOAD_MAX_BYTES } from '#lib/upload-kinds.ts';

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

/** Only the first file of a drop is used. */
export function UploadDropZone({ busy, onFile }: DropZoneProps) {
  return (
    <FileDropZone
      busy={busy}
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      prompt="Drag and drop an image here, or"
      buttonLabel="Browse for an image"
      hint={`JPEG, PNG, GIF or WebP, up to ${UPLOAD_MAX_BYTES.general / (1024 * 1024)}MB.`}
      onFiles={(files) => onFile(files[0]!)}
    />
  );
}
