// Image edit (SPEC 2.5, SPEC 5): title and alt text. The title's placeholder is the file name
// without its extension, which is what shows when no title is set; blank fields are sent as null.
import { type FormEvent, useState } from 'react';
import type { GalleryImage } from '../../lib/galleries.ts';
import { Modal } from '../Modal.tsx';
import { type Notice, NoticeBanner, SubmitButton, TextField } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { galleryApi } from './api.ts';

export const withoutExtension = (fileName: string) => fileName.replace(/\.[^.]*$/, '');

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

interface ImageFormProps {
  image: GalleryImage;
  onSaved(): void;
  onClose(): void;
}

export function ImageForm({ image, onSaved, onClose }: ImageFormProps) {
  const [title, setTitle] = useState(image.stored_title ?? '');
  const [altText, setAltText] = useState(image.alt_text ?? '');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      await galleryApi.updateImage(image.id, { title: orNull(title), alt_text: orNull(altText) });
      onSaved();
    } catch (error) {
      setNotice({ kind: 'error', text: namedFailure(error, 'Failed to update image') });
      setSaving(false);
    }
  }

  return (
    <Modal title="Edit Image" onClose={onClose}>
      <form className="form" onSubmit={save}>
        <NoticeBanner notice={notice} />
        <img className="image-form-preview" src={image.thumb} alt="" width={image.width} height={image.height} />
        <TextField label="Title" maxLength={200} placeholder={withoutExtension(image.original_name)} hint="Leave empty to show the file name." value={title} onChange={setTitle} />
        <TextField label="Alt text" maxLength={500} hint="Describes the image for people who cannot see it." value={altText} onChange={setAltText} />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={saving} label="Save" busyLabel="Saving…" />
        </div>
      </form>
    </Modal>
  );
}
