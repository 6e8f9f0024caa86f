// The gallery list (/galleries). Prebuilt with the PG galleries; the live list from the
// API brings fresh counts and, once the visitor chose X (after the 18+ question), the X galleries,
// which never are in the page's HTML.
import { useEffect, useState } from 'react';
import type { Gallery } from '#lib/galleries.ts';
import { fetchGalleries } from '#lib/gallery-api.ts';
import { galleriesForRating } from '#lib/gallery-rating.ts';
import { trackPageView } from '#src/scripts/analytics.ts';
import GalleryCard from './GalleryCard.tsx';
import { RatingSelect, useRatingFilter } from './GalleryRating.tsx';

/** docs/product.md, Forms and messages. */
export const GALLERY_LIST_FAILURE = 'Unable to load galleries. Ensure the new PHP API is uploaded and database configured.';

export default function GalleryList({ prebuilt }: { prebuilt: Gallery[] }) {
  const filter = useRatingFilter();
  const [live, setLive] = useState<Gallery[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    trackPageView();
    fetchGalleries()
      .then(setLive)
      .catch((error: unknown) => {
        console.warn('Loading galleries failed', error);
        setFailed(true);
      });
  }, []);

  // Without the live list the prebuilt PG cards still serve PG; X needs the live list.
  const showFailure = failed && filter.rating === 'X';
  const galleries = showFailure ? [] : galleriesForRating(live ?? prebuilt, filter.rating);
  const waiting = !live && !failed && filter.rating === 'X';
  return (
    <>
      <div className="gallery-toolbar">
        <RatingSelect filter={filter} />
      </div>
      {showFailure && (
        <p className="gallery-error" role="alert">
          {GALLERY_LIST_FAILURE}
        </p>
      )}
      {waiting && (
        <p className="muted" role="status">
          Loading galleries…
        </p>
      )}
      {!showFailure && !waiting && galleries.length === 0 && <p className="muted">No galleries found</p>}
      {!waiting && galleries.length > 0 && (
        <ul className="gallery-cards">
          {galleries.map((gallery, index) => (
            <GalleryCard key={gallery.id} gallery={gallery} showAdultBadge={filter.rating === 'X'} eager={index < 2} />
          ))}
        </ul>
      )}
    </>
  );
}
