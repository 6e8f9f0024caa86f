// The lightbox: the large image, the like toggle, the prompts in full, and the
// comments, loaded when the image is first shown. A modal <dialog>: the page behind is inert and
// focus stays inside; Escape closes; the arrow keys move between images (not while typing).
import { ChevronLeft, ChevronRight, X } from '#lib/icons.tsx';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '#lib/api-client.ts';
import type { GalleryImage } from '#lib/galleries.ts';
import { fetchImageComments, fetchImageLikes, postImageComment, toggleImageLike } from '#lib/gallery-api.ts';
import { displayedPrompts } from '#lib/gallery-display.ts';
import CommentThread, { type CommentInput } from './CommentThread.tsx';
import { GalleryImageFacts } from './GalleryImageCard.tsx';
import GalleryPrompt from './GalleryPrompt.tsx';
import GallerySettings from './GallerySettings.tsx';
import LikeToggle, { type LikeState } from './LikeToggle.tsx';

interface Props {
  image: GalleryImage | null;
  /** "3 of 20" */
  position: string;
  onClose: () => void;
  onMove: (step: -1 | 1) => void;
  onLikes: (imageId: number, state: LikeState) => void;
}

/** Image comment failure: 'Failed to submit comment' with the status and the server's words, or the error's text. */
export function imageCommentFailure(error: unknown): string {
  if (error instanceof ApiError) return `Failed to submit comment (${error.status}): ${error.message}`;
  return error instanceof Error && error.message ? error.message : 'Failed to submit comment';
}

export default function GalleryLightbox({ image, position, onClose, onMove, onLikes }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (image && !element.open) element.showModal();
    if (!image && element.open) element.close();
  }, [image]);

  // On the document: a click on the picture or the text leaves the focus on the page's body.
  const open = image !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if ((event.target as HTMLElement).closest?.('input, textarea, select')) return;
      if (event.key === 'ArrowLeft') onMove(-1);
      if (event.key === 'ArrowRight') onMove(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onMove]);

  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {image && (
        <LightboxContent
          key={image.id}
          image={image}
          titleId={`${ids}-title`}
          position={position}
          onClose={onClose}
          onMove={onMove}
          onLikes={onLikes}
        />
      )}
    </dialog>
  );
}

function LightboxContent({
  image,
  titleId,
  position,
  onClose,
  onMove,
  onLikes,
}: Omit<Props, 'image'> & { image: GalleryImage; titleId: string }) {
  const large = useLargeImage(image);
  const { prompt, negative } = displayedPrompts(image);
  const loadLikes = useCallback(() => fetchImageLikes(image.id), [image.id]);
  const toggleLike = useCallback(() => toggleImageLike(image.id), [image.id]);
  const loadComments = useCallback(
    async () => (await fetchImageComments(image.id)).map(({ content, ...comment }) => ({ ...comment, text: content })),
    [image.id],
  );
  const post = useCallback((comment: CommentInput) => postImageComment(image.id, comment), [image.id]);

  return (
    <div className="lightbox-layout">
      <header className="lightbox-header">
        <h2 id={titleId}>{image.title}</h2>
        <span className="muted">{position}</span>
        <button type="button" className="btn lightbox-close" onClick={onClose}>
          <X size={18} aria-hidden="true" /> Close
        </button>
      </header>
      <figure className="lightbox-figure">
        <img src={large} alt={image.alt_text || image.title} width={image.width || undefined} height={image.height || undefined} />
        <button type="button" className="btn lightbox-step is-previous" onClick={() => onMove(-1)}>
          <ChevronLeft size={20} aria-hidden="true" />
          <span className="visually-hidden">Previous image</span>
        </button>
        <button type="button" className="btn lightbox-step is-next" onClick={() => onMove(1)}>
          <ChevronRight size={20} aria-hidden="true" />
          <span className="visually-hidden">Next image</span>
        </button>
      </figure>
      <div className="lightbox-details">
        <LikeToggle load={loadLikes} toggle={toggleLike} onChange={(state) => onLikes(image.id, state)} />
        <GalleryImageFacts image={image} counts={false} />
        <GalleryPrompt label="Prompt" text={prompt} />
        <GalleryPrompt label="Negative prompt" text={negative} />
        <GallerySettings settings={image.settings} />
        <a className="open-original" href={image.src}>
          Open original<span className="visually-hidden">: {image.title}</span>
        </a>
        <CommentThread load={loadComments} post={post} failureMessage={imageCommentFailure} headingLevel={3} />
      </div>
    </div>
  );
}

/** The 2x thumbnail at once, then the original once the browser has it. */
function useLargeImage(image: GalleryImage): string {
  const [src, setSrc] = useState(image.thumb_2x || image.thumb || image.src);
  useEffect(() => {
    if (src === image.src) return;
    const original = new Image();
    original.onload = () => setSrc(image.src);
    original.src = image.src;
    return () => {
      original.onload = null;
    };
  }, [image.src, src]);
  return src;
}
