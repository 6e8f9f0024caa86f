// The rating filter select (PG by default; X asks the 18+ question first) and the
// state behind it, shared by the gallery list and the gallery page. The first render is always
// PG, as the prebuilt HTML is; the device's saved choice applies right after hydration.
import { useEffect, useId, useState } from 'react';
import { DEFAULT_GALLERY_RATING, GALLERY_RATINGS, type GalleryRating } from '#lib/galleries.ts';
import { confirmAdult } from '#lib/adult-content.ts';
import { needsAgeGate, readRatingFilter, saveRatingFilter } from '#lib/gallery-rating.ts';
import AgeGate from './AgeGate.tsx';

export interface RatingFilter {
  rating: GalleryRating;
  /** The visitor picked a rating; X may open the gate first. */
  choose: (rating: GalleryRating) => void;
  /** Asks the 18+ question now (an X gallery opened directly). */
  askForX: () => void;
  gate: { open: boolean; onConfirm: () => void; onDecline: () => void };
}

export function useRatingFilter(): RatingFilter {
  const [rating, setRating] = useState<GalleryRating>(DEFAULT_GALLERY_RATING);
  const [gateOpen, setGateOpen] = useState(false);

  useEffect(() => setRating(readRatingFilter()), []);

  const apply = (next: GalleryRating) => {
    setRating(next);
    saveRatingFilter(next);
  };
  const choose = (next: GalleryRating) => {
    if (needsAgeGate(next)) setGateOpen(true);
    else apply(next);
  };
  return {
    rating,
    choose,
    askForX: () => choose('X'),
    gate: {
      open: gateOpen,
      onConfirm: () => {
        confirmAdult();
        setGateOpen(false);
        apply('X');
      },
      onDecline: () => {
        setGateOpen(false);
        apply(DEFAULT_GALLERY_RATING);
      },
    },
  };
}

export function RatingSelect({ filter }: { filter: RatingFilter }) {
  const id = useId();
  return (
    <div className="inline-select gallery-rating">
      <label htmlFor={id}>Rating</label>
      <select id={id} value={filter.rating} onChange={(event) => filter.choose(event.target.value as GalleryRating)}>
        {GALLERY_RATINGS.map((rating) => (
          <option key={rating} value={rating}>
            {rating}
          </option>
        ))}
      </select>
      <AgeGate
        {...filter.gate}
        reason="X-rated galleries contain adult content. Confirm that you are at least 18 years old to see them."
        declineLabel="No, show PG only"
      />
    </div>
  );
}
