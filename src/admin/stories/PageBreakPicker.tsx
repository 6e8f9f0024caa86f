// 'Choose Page Break Image': a grid of the page-break images already uploaded.
import { useEffect, useState } from 'react';
import { Modal } from '../Modal.tsx';
import { failureText } from '../components.tsx';
import { type PageBreakImage, storyApi } from './api.ts';

export function PageBreakPicker({ onPick, onClose }: { onPick(image: PageBreakImage): void; onClose(): void }) {
  const [images, setImages] = useState<PageBreakImage[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    storyApi
      .pageBreaks()
      .then(setImages)
      .catch((cause: unknown) => {
        setImages([]); // docs/product.md, Forms and messages: emptied on failure
        setError(failureText(cause, 'Failed to load page breaks'));
      });
  }, []);

  return (
    <Modal title="Choose Page Break Image" onClose={onClose} size="wide">
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {images === null ? (
        <p role="status">Loading page breaks…</p>
      ) : images.length === 0 ? (
        !error && <p>No page break images uploaded yet. Upload one with the story form first.</p>
      ) : (
        <ul className="picker-grid">
          {images.map((image) => (
            <li key={image.url}>
              <button type="button" className="picker-item" onClick={() => onPick(image)}>
                <img src={image.url} alt="" loading="lazy" />
                <span>{image.filename}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
