// The gallery form in a modal: title and slug
// required, the slug derived from the title by the gallery rule while creating, a Markdown
// description, rating PG or X.
// A refused save keeps everything typed and shows the server's answer inside the form.
import { type FormEvent, useState } from 'react';
import type { GalleryInput } from '#functions/galleries/schema.ts';
import { DEFAULT_GALLERY_RATING, type Gallery, GALLERY_RATINGS } from '#lib/galleries.ts';
import { GALLERY_LIMITS } from '#lib/limits.ts';
import { gallerySlug } from '#lib/slugs.ts';
import { Modal } from '../Modal.tsx';
import { FormActions, NoticeBanner, SelectField, TextAreaField } from '../components.tsx';
import { fieldErrors, namedFailure } from '../data/failure.ts';
import { useSave } from '../data/useSave.ts';
import { TitleSlugFields } from '../stories/TitleSlugFields.tsx';
import { galleryApi } from './api.ts';
import { queryKeys } from '../data/keys.ts';

type GalleryForm = Required<GalleryInput> & { description: string };
const EMPTY_GALLERY: GalleryForm = { title: '', slug: '', description: '', rating: DEFAULT_GALLERY_RATING };

interface GalleryFormProps {
  gallery: Gallery | null;
  onSaved(saved: Gallery | undefined, created: boolean): void;
  onClose(): void;
}

export function GalleryForm({ gallery, onSaved, onClose }: GalleryFormProps) {
  const [form, setForm] = useState<GalleryForm>(
    gallery ? { title: gallery.title, slug: gallery.slug, description: gallery.description, rating: gallery.rating } : EMPTY_GALLERY,
  );
  const save = useSave({
    mutationFn: (input: GalleryInput) => galleryApi.save(input, gallery?.id),
    invalidates: [queryKeys.galleries],
    onSuccess: (saved) => onSaved(saved, gallery === null),
  });
  const errors = fieldErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form);
  }

  return (
    <Modal title={gallery ? `Edit “${gallery.title}”` : 'New Gallery'} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <NoticeBanner
          notice={save.error && { kind: 'error', text: namedFailure(save.error, 'Failed to save gallery', { withStatus: true }) }}
        />
        <TitleSlugFields
          title={form.title}
          slug={form.slug}
          creating={gallery === null}
          slugify={gallerySlug}
          slugHint="The gallery's address: /galleries/{slug}"
          titleMaxLength={GALLERY_LIMITS.title}
          errors={errors}
          onChange={(fields) => setForm((f) => ({ ...f, ...fields }))}
        />
        <TextAreaField
          label="Description (Markdown)"
          rows={3}
          hint="Shown on the gallery's page; cards and share previews show it as plain text."
          maxLength={GALLERY_LIMITS.description}
          value={form.description}
          error={errors['description']}
          onChange={(description) => setForm((f) => ({ ...f, description }))}
        />
        <SelectField
          label="Rating"
          value={form.rating}
          options={GALLERY_RATINGS}
          hint="X galleries are shown only to visitors who choose X and confirm they are 18 or older."
          error={errors['rating']}
          onChange={(rating) => setForm((f) => ({ ...f, rating }))}
        />
        <FormActions onCancel={onClose} busy={save.isPending} label={gallery ? 'Update Gallery' : 'Create Gallery'} busyLabel="Saving…" />
      </form>
    </Modal>
  );
}
