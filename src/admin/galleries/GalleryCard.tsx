// One gallery in the Gallery Manager's list: hero thumbnail (or 'No image'), title linking to its
// images, slug, rating badge, counts, Edit and Delete.
import { Link } from 'wouter';
import type { Gallery } from '#lib/galleries.ts';
import { countOf } from '#lib/counts.ts';
import { ratingBadgeLabel } from '#lib/gallery-display.ts';

interface GalleryCardProps {
  gallery: Gallery;
  selected: boolean;
  onEdit(gallery: Gallery): void;
  onDelete(gallery: Gallery): void;
}

export function GalleryCard({ gallery, selected, onEdit, onDelete }: GalleryCardProps) {
  return (
    <li className={`card gallery-card${selected ? ' is-selected' : ''}`}>
      <div className="gallery-card-hero">
        {gallery.hero_thumb ? (
          <img
            src={gallery.hero_thumb}
            alt=""
            width={gallery.hero_width ?? undefined}
            height={gallery.hero_height ?? undefined}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="muted">No image</span>
        )}
      </div>
      <div className="gallery-card-body">
        <h2>
          <Link href={`/galleries/${gallery.id}`} aria-current={selected ? 'true' : undefined}>
            {gallery.title}
          </Link>
        </h2>
        <p className="muted gallery-card-slug">{gallery.slug}</p>
        <p className="gallery-card-meta">
          <span className={`badge badge-rating badge-rating-${gallery.rating.toLowerCase()}`}>
            <span className="visually-hidden">Rating: </span>
            {ratingBadgeLabel(gallery.rating)}
          </span>
          <span>{countOf(gallery.image_count, 'image', 'images')}</span>
          <span>{countOf(gallery.like_count, 'like', 'likes')}</span>
          <span>{countOf(gallery.comment_count, 'comment', 'comments')}</span>
        </p>
        <div className="row-actions">
          <button type="button" className="button button-ghost" onClick={() => onEdit(gallery)} aria-label={`Edit ${gallery.title}`}>
            Edit
          </button>
          <button type="button" className="button button-danger" onClick={() => onDelete(gallery)} aria-label={`Delete ${gallery.title}`}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
