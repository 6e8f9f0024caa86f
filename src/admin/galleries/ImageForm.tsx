// Image edit: title and alt text. The title's placeholder is the file name
// without its extension, which is what shows when no title is set; blank fields are sent as null.
import { type FormEvent, useState } from 'react';
import type { GalleryImage } from '#lib/galleries.ts';
import { titleFromFileName } from '#lib/gallery-display.ts';
import { IMAGE_LIMITS } from '#lib/limits.ts';
import { Modal } from '../Modal.tsx';
import { FormActions, NoticeBanner, TextField } from '../components.tsx';
import { fieldErrors, namedFailure } from '../data/failure.ts';
import { useSave } from '../data/useSave.ts';
import { galleryApi } from './api.ts';
import { queryKeys } from '../data/keys.ts';

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

interface ImageFormProps {
  image: GalleryImage;
  onSaved(): void;
  onClose(): void;
}

export function ImageForm({ image, onSaved, onClose }: ImageFormProps) {
  const [title, setTitle] = useState(image.stored_title ?? '');
  const [altText, setAltText] = useState(image.alt_text ?? '');
  const save = useSave({ mutationFn: galleryApi.updateImage, invalidates: [queryKeys.galleries], onSuccess: onSaved });
  const errors = fieldErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id: image.id, title: orNull(title), alt_text: orNull(altText) });
  }

  return (
    <Modal title="Edit Image" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <NoticeBanner notice={save.error && { kind: 'error', text: namedFailure(save.error, 'Failed to update image') }} />
        <img className="image-form-preview" src={image.thumb} alt="" width={image.width} height={image.height} />
        <TextField
          label="Title"
          maxLength={IMAGE_LIMITS.title}
          error={errors['title']}
          placeholder={titleFromFileName(image.original_name)}
          hint="Leave empty to show the file name."
          value={title}
          onChange={setTitle}
        />
        <TextField
          label="Alt text"
          maxLength={IMAGE_LIMITS.alt_text}
          error={errors['alt_text']}
          hint="Describes the image for people who cannot see it."
          value={altText}
          onChange={setAltText}
        />
        <FormActions onCancel={onClose} busy={save.isPending} label="Save" busyLabel="Saving…" />
      </form>
    </Modal>
  );
}
