// "Move to…" of an image (docs/product.md, Arranging a gallery): the other galleries to choose
// from; the image goes first in the one chosen, and stops being this gallery's hero.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Gallery, GalleryImage } from '#lib/galleries.ts';
import { Modal } from '../Modal.tsx';
import { FormActions, NoticeBanner, SelectField } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { queryKeys } from '../data/keys.ts';
import { useSave } from '../data/useSave.ts';
import { galleriesQuery, galleryApi } from './api.ts';

interface MoveImageFormProps {
  image: GalleryImage;
  onMoved(to: Gallery): void;
  onClose(): void;
}

export function MoveImageForm({ image, onMoved, onClose }: MoveImageFormProps) {
  const others = (useQuery(galleriesQuery).data ?? []).filter((gallery) => gallery.id !== image.gallery_id);
  const [chosen, setChosen] = useState('');
  const target = others.find((gallery) => String(gallery.id) === chosen) ?? others[0];
  const move = useSave({
    mutationFn: (to: Gallery) => galleryApi.updateImage({ id: image.id, gallery_id: to.id }),
    invalidates: [queryKeys.galleries],
    onSuccess: (_answer, to) => onMoved(to),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (target) move.mutate(target);
  }

  return (
    <Modal title={`Move “${image.title}”`} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <NoticeBanner notice={move.error && { kind: 'error', text: namedFailure(move.error, 'Failed to move image') }} />
        {target ? (
          <SelectField
            label="Gallery"
            hint="The image goes first in that gallery."
            value={String(target.id)}
            options={others.map((gallery) => String(gallery.id))}
            optionLabels={Object.fromEntries(others.map((gallery) => [String(gallery.id), gallery.title]))}
            onChange={setChosen}
          />
        ) : (
          <p className="muted">There is no other gallery to move it to.</p>
        )}
        <FormActions onCancel={onClose} busy={move.isPending} label="Move" busyLabel="Moving…" />
      </form>
    </Modal>
  );
}
