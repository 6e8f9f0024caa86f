// A prompt as text (never HTML) with its Copy button: the positive or the negative.
import GalleryCopyButton from './GalleryCopyButton.tsx';

interface Props {
  label: 'Prompt' | 'Negative prompt';
  text: string;
  /** Cards clamp long prompts to a few lines; the lightbox shows them whole. */
  clamp?: boolean;
}

export default function GalleryPrompt({ label, text, clamp = false }: Props) {
  if (!text) return null;
  return (
    <div className={`gallery-prompt${label === 'Negative prompt' ? ' is-negative' : ''}`}>
      <div className="gallery-prompt-head">
        <span className="gallery-label">{label}</span>
        <GalleryCopyButton text={text} what={label.toLowerCase()} />
      </div>
      <p className={`gallery-prompt-text${clamp ? ' is-clamped' : ''}`}>{text}</p>
    </div>
  );
}
