// One image of a gallery page: the thumbnail (a button that opens the lightbox), like
// and comment counts, checkpoint, LoRA chips, the prompts with Copy buttons and 'Open original'.
import { Heart, MessageCircle } from '#lib/icons.tsx';
import type { GalleryImage } from '#lib/galleries.ts';
import { countLabel, displayedPrompts, loraChips, madeWith } from '#lib/gallery-display.ts';
import GalleryPrompt from './GalleryPrompt.tsx';
import GalleryThumb from './GalleryThumb.tsx';

interface Props {
  image: GalleryImage;
  revealed: boolean;
  eager: boolean;
  onOpen: () => void;
}

export default function GalleryImageCard({ image, revealed, eager, onOpen }: Props) {
  const { prompt, negative } = displayedPrompts(image);
  return (
    <li className="image-card" data-image-id={image.id}>
      <button type="button" className="image-open" onClick={onOpen} disabled={!revealed}>
        <GalleryThumb image={image} revealed={revealed} eager={eager} />
        <span className="visually-hidden">Open {image.title}</span>
      </button>
      <div className="image-card-body">
        <h2 className="image-title">{image.title}</h2>
        <GalleryImageFacts image={image} />
        <GalleryPrompt label="Prompt" text={prompt} clamp />
        <GalleryPrompt label="Negative prompt" text={negative} clamp />
        {revealed && image.src && (
          <a className="open-original" href={image.src}>
            Open original<span className="visually-hidden">: {image.title}</span>
          </a>
        )}
      </div>
    </li>
  );
}

interface FactsProps {
  image: GalleryImage;
  /** The lightbox counts with its like toggle and comment list instead. */
  counts?: boolean;
}

/** Counts, "Made with", checkpoint and LoRAs: the card and the lightbox show the same facts. */
export function GalleryImageFacts({ image, counts = true }: FactsProps) {
  const chips = loraChips(image);
  const tool = madeWith(image);
  return (
    <>
      {counts && (
        <p className="image-stats muted">
          <span>
            <Heart size={16} aria-hidden="true" /> {countLabel(image.like_count, 'like')}
          </span>
          <span>
            <MessageCircle size={16} aria-hidden="true" /> {countLabel(image.comment_count, 'comment')}
          </span>
        </p>
      )}
      {tool && (
        <p className="image-made-with">
          <span className="gallery-label">Made with</span> {tool}
        </p>
      )}
      {image.checkpoint && (
        <p className="image-checkpoint">
          <span className="gallery-label">Checkpoint</span> {image.checkpoint}
        </p>
      )}
      {chips.length > 0 && (
        <ul className="lora-chips" aria-label="LoRAs">
          {chips.map((chip, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same LoRA may be listed twice; the list never reorders
            <li key={`${index}-${chip}`}>{chip}</li>
          ))}
        </ul>
      )}
    </>
  );
}
