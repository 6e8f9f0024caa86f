// The gallery form (SPEC 2.5, Gallery Manager; SPEC 5, Gallery form) in a modal: title and slug
// required, the slug derived from the title by the gallery rule while creating, rating PG or X.
// A refused save keeps everything typed and shows the server's answer inside the form.
import { type FormEvent, useId, useState } from 'react';
import { DEFAULT_GALLERY_RATING, type Gallery, GALLERY_RATINGS } from '../../lib/galleries.ts';
import { gallerySlug } from '../../lib/slugs.ts';
import { Modal } from '../Modal.tsx';
import { type Notice, NoticeBanner, SelectField, SubmitButton, TextAreaField } from '../components.tsx';
import { TitleSlugFields } from '../stories/TitleSlugFields.tsx';
import { type GalleryInput, galleryApi } from './api.ts';
import { namedFailure } from '../data/failure.ts';

const EMPTY_GALLERY: GalleryInput = { title: '', slug: '', description: '', rating: DEFAULT_GALLERY_RATING };

interface GalleryFormProps {
  gallery: Gallery | null;
  onSaved(saved: Gallery | undefined, created: boolean): void;
  onClose(): void;
}

export function GalleryForm({ gallery, onSaved, onClose }: GalleryFormProps) {
  const [form, setForm] = useState<GalleryInput>(gallery ? { title: gallery.title, slug: gallery.slug, description: gallery.description, rating: gallery.rating } : EMPTY_GALLERY);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const ratingHintId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      onSaved(await galleryApi.save(form, gallery?.id), gallery === null);
    } catch (error) {
      setNotice({ kind: 'error', text: namedFailure(error, 'Failed to save gallery', { withStatus: true }) });
      setSaving(false);
    }
  }

  return (
    <Modal title={gallery ? `Edit “${gallery.title}”` : 'New Gallery'} onClose={onClose}>
      <form className="form" onSubmit={save}>
        <NoticeBanner notice={notice} />
        <TitleSlugFields
          title={form.title}
          slug={form.slug}
          creating={gallery === null}
          slugify={gallerySlug}
          slugHint="The gallery's address: /galleries/{slug}"
          onChange={(fields) => setForm((f) => ({ ...f, ...fields }))}
        />
        <TextAreaField label="Description" rows={3} maxLength={5000} value={form.description} onChange={(description) => setForm((f) => ({ ...f, description }))} />
        <SelectField
          label="Rating"
          value={form.rating}
          options={GALLERY_RATINGS}
          aria-describedby={ratingHintId}
          onChange={(rating) => setForm((f) => ({ ...f, rating }))}
        />
        <p id={ratingHintId} className="field-hint muted">
          X galleries are shown only to visitors who choose X and confirm they are 18 or older.
        </p>
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={saving} label={gallery ? 'Update Gallery' : 'Create Gallery'} busyLabel="Saving…" />
        </div>
      </form>
    </Modal>
  );
}
