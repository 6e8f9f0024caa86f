// The images of the selected gallery: the upload area, then the grid, 100 to a page, in the
// gallery's order, each image with its drag handle, Use as hero, Move to…, Edit and Delete.
// Every change refreshes the gallery list too (counts, the hero).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_IMAGE_LIMIT, type Gallery, type GalleryImage } from '#lib/galleries.ts';
import { useConfirm } from '../Modal.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { refetchAfterChange } from '../data/client.ts';
import { namedFailure } from '../data/failure.ts';
import { queryKeys } from '../data/keys.ts';
import { useSave } from '../data/useSave.ts';
import { galleryApi, galleryImagesQuery } from './api.ts';
import { GalleryUpload } from './GalleryUpload.tsx';
import { ImageCard } from './ImageCard.tsx';
import { ImageForm } from './ImageForm.tsx';
import { ImageOrder, useImageMoves } from './ImageOrder.tsx';
import { MoveImageForm } from './MoveImageForm.tsx';
import { countOf } from '#lib/counts.ts';

export function GalleryImages({ gallery }: { gallery: Gallery }) {
  const [page, setPage] = useState(1);
  // The page shown stays until the next one arrives, so the pager does not jump.
  const { data, error: loadError } = useQuery({ ...galleryImagesQuery(gallery.id, page), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [moving, setMoving] = useState<GalleryImage | null>(null);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();
  const queryClient = useQueryClient();
  const total = data?.total ?? 0;
  const images = data?.images ?? (loadError ? [] : null); // a failed load shows none, under its notice

  // A page emptied by deletions: step back to the last page that has images.
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_IMAGE_LIMIT));
  useEffect(() => {
    if (data && data.images.length === 0 && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  const deletion = useSave({
    mutationFn: (image: GalleryImage) => galleryApi.deleteImage(image.id),
    invalidates: [queryKeys.galleries],
    onSuccess: () => showNotice({ kind: 'success', text: 'Image deleted successfully!' }),
    onError: (error) => showNotice({ kind: 'error', text: namedFailure(error, 'Failed to delete image') }),
  });

  const moves = useImageMoves(gallery.id, page);
  const failed = (action: string) => (error: Error) => showNotice({ kind: 'error', text: namedFailure(error, `Failed to ${action}`) });
  const hero = useSave({
    mutationFn: (image: GalleryImage) => galleryApi.setHero(gallery.id, image.id),
    invalidates: [queryKeys.galleries],
    onSuccess: (_answer, image) => showNotice({ kind: 'success', text: `“${image.title}” is now the hero.` }),
    onError: failed('choose the hero'),
  });
  const isHero = (image: GalleryImage, index: number) =>
    gallery.hero_image_id === null ? page === 1 && index === 0 : gallery.hero_image_id === image.id;

  async function remove(image: GalleryImage) {
    if (await confirm(`Delete the image "${image.title}"?`)) deletion.mutate(image);
  }

  return (
    <section className="card gallery-images" aria-labelledby="gallery-images-title">
      <header className="panel-header">
        <h2 id="gallery-images-title">Images in “{gallery.title}”</h2>
        {data && <p className="muted">{countOf(total, 'image', 'images')}</p>}
      </header>
      <GalleryUpload
        galleryId={gallery.id}
        onUploaded={() => {
          void refetchAfterChange(queryClient, queryKeys.galleries);
          void refetchAfterChange(queryClient, queryKeys.publishState);
        }}
      />
      <NoticeBanner notice={loadError ? { kind: 'error', text: namedFailure(loadError, 'Failed to load images') } : notice} />
      {images === null ? (
        <p role="status">Loading images...</p>
      ) : images.length === 0 ? (
        <p className="muted">No images in this gallery</p>
      ) : (
        <ImageOrder
          images={images}
          offset={(page - 1) * ADMIN_IMAGE_LIMIT}
          onMove={(from, to) => moves.mutate({ images, from, to }, { onError: failed('move image') })}
        >
          {(image, sortable) => (
            <ImageCard
              image={image}
              isHero={isHero(image, images.indexOf(image))}
              sortable={sortable}
              onEdit={setEditing}
              onDelete={(i) => void remove(i)}
              onUseAsHero={(i) => hero.mutate(i)}
              onMoveTo={setMoving}
            />
          )}
        </ImageOrder>
      )}
      {lastPage > 1 && (
        <nav className="image-pager" aria-label="Image pages">
          <button type="button" className="button button-ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {lastPage}
          </span>
          <button type="button" className="button button-ghost" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
      {editing && (
        <ImageForm
          image={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showNotice({ kind: 'success', text: 'Image updated successfully!' });
          }}
        />
      )}
      {moving && (
        <MoveImageForm
          image={moving}
          onClose={() => setMoving(null)}
          onMoved={(to) => {
            setMoving(null);
            showNotice({ kind: 'success', text: `Moved “${moving.title}” to “${to.title}”.` });
          }}
        />
      )}
      {dialog}
    </section>
  );
}
