// One card of the gallery list: hero thumbnail or 'No image', title, description and
// the counts; the whole card is the link (the title's link stretches over it).
import type { Gallery } from '#lib/galleries.ts';
import { countLabel, descriptionText, isWideHero } from '#lib/gallery-display.ts';
import { galleryPath } from '#lib/gallery-urls.ts';

interface Props {
  gallery: Gallery;
  /** X cards carry '18+' while the X filter is chosen. */
  showAdultBadge: boolean;
  /** The first cards are on screen at once: load their heroes early. */
  eager: boolean;
}

/** A card shows the start of the description, as plain text (the gallery page shows its Markdown). */
const CARD_DESCRIPTION_LENGTH = 200;

export default function GalleryCard({ gallery, showAdultBadge, eager }: Props) {
  const wide = isWideHero(gallery);
  const description = descriptionText(gallery.description, CARD_DESCRIPTION_LENGTH);
  return (
    <li className={`gallery-card${wide ? ' is-wide' : ''}`}>
      {gallery.hero_thumb ? (
        <img
          className="gallery-hero"
          src={gallery.hero_thumb}
          alt=""
          width={gallery.hero_width ?? 4}
          height={gallery.hero_height ?? 3}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="gallery-hero gallery-no-image">No image</div>
      )}
      <div className="gallery-card-body">
        <h2>
          <a href={`${galleryPath(gallery.slug)}/`}>{gallery.title}</a>
          {showAdultBadge && gallery.rating === 'X' && <span className="adult-badge">18+</span>}
        </h2>
        {description && <p className="gallery-card-description">{description}</p>}
        <p className="gallery-counts muted">
          {countLabel(gallery.image_count, 'image')} · {countLabel(gallery.like_count, 'like')} ·{' '}
          {countLabel(gallery.comment_count, 'comment')}
        </p>
      </div>
    </li>
  );
}
