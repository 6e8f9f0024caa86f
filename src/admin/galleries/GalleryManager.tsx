// Image Galleries (/admin/galleries, /admin/galleries/{id}): the galleries, the gallery form,
// and the images of the gallery selected in the address.
import './galleries.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { Gallery } from '#lib/galleries.ts';
import { useConfirm } from '../Modal.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { useSave } from '../data/useSave.ts';
import { galleriesQuery, galleryApi } from './api.ts';
import { GalleryCard } from './GalleryCard.tsx';
import { GalleryForm } from './GalleryForm.tsx';
import { GalleryImages } from './GalleryImages.tsx';
import { countOf } from '#lib/counts.ts';

export function GalleryManager() {
  const { galleryId } = useParams<{ galleryId?: string }>();
  const [, navigate] = useLocation();
  const { data, error: loadError } = useQuery(galleriesQuery);
  const galleries = data ?? (loadError ? [] : null); // a failed load lists none, under its notice
  const [editing, setEditing] = useState<Gallery | 'new' | null>(null);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  const selected = galleries?.find((gallery) => String(gallery.id) === galleryId) ?? null;

  const deletion = useSave({
    mutationFn: (gallery: Gallery) => galleryApi.delete(gallery.id),
    invalidates: [galleriesQuery.queryKey], // not the deleted gallery's images: there are none to ask for
    onSuccess: (_answer, gallery) => {
      showNotice({ kind: 'success', text: 'Gallery deleted successfully!' });
      if (selected?.id === gallery.id) navigate('/galleries');
    },
    onError: (error) => showNotice({ kind: 'error', text: namedFailure(error, 'Failed to delete gallery') }),
  });

  async function remove(gallery: Gallery) {
    const images = countOf(gallery.image_count, 'image', 'images');
    const warning = `Delete the gallery "${gallery.title}"? All its images (${images}) will be deleted too. This cannot be undone.`;
    if (await confirm(warning)) deletion.mutate(gallery);
  }

  return (
    <>
      <div className="page-header">
        <h1>Image Galleries</h1>
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          New Gallery
        </button>
      </div>
      <NoticeBanner notice={loadError ? { kind: 'error', text: namedFailure(loadError, 'Failed to load galleries') } : notice} />
      {galleries === null ? (
        <p role="status">Loading galleries...</p>
      ) : galleries.length === 0 ? (
        <p className="muted">No galleries found</p>
      ) : (
        <ul className="gallery-list">
          {galleries.map((gallery) => (
            <GalleryCard
              key={gallery.id}
              gallery={gallery}
              selected={gallery.id === selected?.id}
              onEdit={setEditing}
              onDelete={(g) => void remove(g)}
            />
          ))}
        </ul>
      )}
      {selected ? (
        <GalleryImages key={selected.id} gallery={selected} />
      ) : (
        galleries && galleries.length > 0 && <p className="muted">Select a gallery to see and upload its images.</p>
      )}
      {editing && (
        <GalleryForm
          gallery={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            showNotice({ kind: 'success', text: created ? 'Gallery created successfully!' : 'Gallery updated successfully!' });
            if (created && saved) navigate(`/galleries/${saved.id}`);
          }}
        />
      )}
      {dialog}
    </>
  );
}
