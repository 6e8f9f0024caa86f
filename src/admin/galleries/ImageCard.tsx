// One image in the Gallery Manager's grid: the thumbnail, its title and what was read from the
// file (the tool its content credentials name, checkpoint, LoRAs with weights, prompt, negative,
// settings), so the author sees at once whether the metadata came through. Everything is
// rendered as text, never as HTML.
import type { GalleryImage, GenerationSettings } from '#lib/galleries.ts';
import { madeWith, settingsSize } from '#lib/gallery-display.ts';
import type { SortableParts } from './ImageOrder.tsx';

/** The settings the file carried, as label/value pairs (absent ones left out). */
export function settingsList(settings: GenerationSettings): [string, string][] {
  const { steps, sampler, scheduler, cfg, seed } = settings;
  const pairs: [string, string | number | null][] = [
    ['Steps', steps],
    ['Sampler', sampler && scheduler ? `${sampler} (${scheduler})` : (sampler ?? scheduler)],
    ['CFG', cfg],
    ['Seed', seed],
    ['Size', settingsSize(settings)],
  ];
  return pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== null && pair[1] !== '')
    .map(([label, value]) => [label, String(value)]);
}

interface ImageCardProps {
  image: GalleryImage;
  /** The gallery's hero: the chosen image, else the first (docs/product.md, Arranging a gallery). */
  isHero: boolean;
  sortable: SortableParts;
  onEdit(image: GalleryImage): void;
  onDelete(image: GalleryImage): void;
  onUseAsHero(image: GalleryImage): void;
  onMoveTo(image: GalleryImage): void;
}

export function ImageCard({ image, isHero, sortable, onEdit, onDelete, onUseAsHero, onMoveTo }: ImageCardProps) {
  const settings = settingsList(image.settings);
  const tool = madeWith(image);
  const hasMetadata = tool || image.prompt || image.parameters || image.checkpoint || image.lora_weights.length > 0 || settings.length > 0;
  return (
    <li className="card image-card" ref={sortable.ref} style={sortable.style}>
      {sortable.handle}
      <a className="image-card-thumb" href={image.src} target="_blank" rel="noopener">
        <img
          src={image.thumb}
          srcSet={`${image.thumb} 1x, ${image.thumb_2x} 2x`}
          alt={image.alt_text ?? ''}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          style={{ backgroundImage: `url("${image.placeholder}")` }}
        />
        <span className="visually-hidden">Open the original of {image.title}</span>
      </a>
      <div className="image-card-body">
        <h3 className="image-card-title">{image.title}</h3>
        {/* Beside the heading, not in it: the heading stays the image's title. */}
        {isHero && <span className="badge image-hero-badge">Hero</span>}
        <p className="image-card-size muted">
          {image.width}×{image.height} px{image.alt_text ? ' · alt text set' : ''}
        </p>
        {hasMetadata ? (
          <dl className="image-meta">
            {tool && (
              <div>
                <dt>Made with</dt>
                <dd className="image-meta-value">{tool}</dd>
              </div>
            )}
            {image.checkpoint && (
              <div>
                <dt>Checkpoint</dt>
                <dd className="image-meta-value">{image.checkpoint}</dd>
              </div>
            )}
            {image.lora_weights.length > 0 && (
              <div>
                <dt>LoRAs</dt>
                <dd>
                  <ul className="lora-chips">
                    {image.lora_weights.map((lora) => (
                      <li key={`${lora.name}:${lora.weight}`} className="lora-chip">
                        {lora.name}
                        {lora.weight !== null && <span className="lora-weight"> {lora.weight}</span>}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            {image.prompt && (
              <div>
                <dt>Prompt</dt>
                <dd className="image-meta-prompt" title={image.prompt}>
                  {image.prompt}
                </dd>
              </div>
            )}
            {image.parameters && (
              <div>
                <dt>Negative</dt>
                <dd className="image-meta-prompt" title={image.parameters}>
                  {image.parameters}
                </dd>
              </div>
            )}
            {settings.length > 0 && (
              <div>
                <dt>Settings</dt>
                <dd className="image-settings">
                  {settings.map(([label, value]) => (
                    <span key={label}>
                      {label} <strong>{value}</strong>
                    </span>
                  ))}
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted image-meta-none">No generation data found in this file.</p>
        )}
        <div className="row-actions">
          <button type="button" className="button button-ghost" onClick={() => onUseAsHero(image)} disabled={isHero}>
            Use as hero<span className="visually-hidden"> {image.title}</span>
          </button>
          <button type="button" className="button button-ghost" onClick={() => onMoveTo(image)}>
            Move to…<span className="visually-hidden"> {image.title}</span>
          </button>
          <button type="button" className="button button-ghost" onClick={() => onEdit(image)}>
            Edit<span className="visually-hidden"> {image.title}</span>
          </button>
          <button type="button" className="button button-danger" onClick={() => onDelete(image)}>
            Delete<span className="visually-hidden"> {image.title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
