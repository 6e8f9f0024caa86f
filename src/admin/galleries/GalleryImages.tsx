// The images of the selected gallery: the upload area, then the grid, 100 to a page (SPEC 9),
// with Edit and Delete on each image.
import { useCallback, useEffect, useState } from 'react';
import { ADMIN_IMAGE_LIMIT, type Gallery, type GalleryImage } from '../../lib/galleries.ts';
import { useConfirm } from '../Modal.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { galleryApi } from './api.ts';
import { GalleryUpload } from './GalleryUpload.tsx';
import { ImageCard } from './ImageCard.tsx';
import { ImageForm } from './ImageForm.tsx';

interface GalleryImagesProps {
  gallery: Gallery;
  /** Counts and the hero change as images come and go: the gallery list reloads. */
  onImagesChanged(): void;
}

export function GalleryImages({ gallery, onImagesChanged }: GalleryImagesProps) {
  const [images, setImages] = useState<GalleryImage[] | null>(null);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  const load = useCallback(async () => {
    try {
      const answer = await galleryApi.images(gallery.id, page);
      // A page emptied by deletions: step back to the last page that has images.
      const lastPage = Math.max(1, Math.ceil(answer.total / ADMIN_IMAGE_LIMIT));
      if (answer.images.length === 0 && page > lastPage) return setPage(lastPage);
      setImages(answer.images);
      setTotal(answer.total);
    } catch (error) {
      setImages([]);
      showNotice({ kind: 'error', text: namedFailure(error, 'Failed to load images') });
    }
  }, [gallery.id, page, showNotice]);

  useEffect(() => {
    setImages(null);
    void load();
  }, [load]);

  const changed = () => {
    void load();
    onImagesChanged();
  };

  async function remove(image: GalleryImage) {
    if (!(await confirm(`Delete the image "${image.title}"?`))) return;
    try {
      await galleryApi.deleteImage(image.id);
      showNotice({ kind: 'success', text: 'Image deleted successfully!' });
      changed();
    } catch (error) {
      showNotice({ kind: 'error', text: namedFailure(error, 'Failed to delete image') });
    }
  }

  const pages = Math.max(1, Math.ceil(total / ADMIN_IMAGE_LIMIT));
  return (
    <section className="card gallery-images" aria-labelledby="gallery-images-title">
      <header className="panel-header">
        <h2 id="gallery-images-title">Images in “{gallery.title}”</h2>
        {images && <p className="muted">{total === 1 ? '1 image' : `${total} images`}</p>}
      </header>
      <GalleryUpload galleryId={gallery.id} onUploaded={changed} />
      <NoticeBanner notice={notice} />
      {images === null ? (
        <p role="status">Loading images...</p>
      ) : images.length === 0 ? (
        <p className="muted">No images in this gallery</p>
      ) : (
        <ul className="image-grid">
          {images.map((image) => (
            <ImageCard key={image.id} image={image} onEdit={setEditing} onDelete={(i) => void remove(i)} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="image-pager" aria-label="Image pages">
          <button type="button" className="button button-ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button button-ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
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
            changed();
          }}
        />
      )}
      {dialog}
    </section>
  );
}
