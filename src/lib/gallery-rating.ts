// The visitor's rating filter and 18+ confirmation, kept on the device. PG shows PG
// galleries; X shows all of them, and only after the visitor confirmed being 18 or older once.
// The 18+ confirmation itself is shared with adult stories (adult-content.ts).
import { hasConfirmedAdult } from './adult-content.ts';
import { browserStorage, readItem, writeItem } from './device-storage.ts';
import { DEFAULT_GALLERY_RATING, type Gallery, type GalleryRating } from './galleries.ts';

export const RATING_FILTER_KEY = 'gallery-rating';

/** The saved filter; X only counts together with the confirmation (a stray value cannot skip the gate). */
export function readRatingFilter(storage = browserStorage()): GalleryRating {
  return readItem(storage, RATING_FILTER_KEY) === 'X' && hasConfirmedAdult(storage) ? 'X' : DEFAULT_GALLERY_RATING;
}

export function saveRatingFilter(rating: GalleryRating, storage = browserStorage()): void {
  writeItem(storage, RATING_FILTER_KEY, rating);
}

/** PG shows only PG galleries; X shows all galleries. */
export function galleriesForRating<T extends Pick<Gallery, 'rating'>>(galleries: readonly T[], rating: GalleryRating): T[] {
  return rating === 'X' ? [...galleries] : galleries.filter((gallery) => gallery.rating === 'PG');
}

/** What choosing a rating does: X needs the gate until the visitor confirmed once. */
export function needsAgeGate(rating: GalleryRating, storage = browserStorage()): boolean {
  return rating === 'X' && !hasConfirmedAdult(storage);
}
