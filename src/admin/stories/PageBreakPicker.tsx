// 'Choose Page Break Image': a grid of the page-break images already uploaded.
import { Modal } from '../Modal.tsx';
import { NoticeBanner } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import type { PageBreakImage } from './api.ts';
import { usePageBreaks } from './queries.ts';

export function PageBreakPicker({ onPick, onClose }: { onPick(image: PageBreakImage): void; onClose(): void }) {
  const { data: images, error } = usePageBreaks();

  return (
    <Modal title="Choose Page Break Image" onClose={onClose} size="wide">
      {error ? (
        <NoticeBanner notice={{ kind: 'error', text: failureText(error, 'Failed to load page breaks') }} />
      ) : !images ? (
        <p role="status">Loading page breaks…</p>
      ) : images.length === 0 ? (
        <p>No page break images uploaded yet. Upload one with the story form first.</p>
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
