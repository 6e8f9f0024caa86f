// The visitor's rating filter and 18+ confirmation (SPEC 2.3), kept on the device. PG shows PG
// galleries; X shows all of them, and only after the visitor confirmed being 18 or older once.
// Storage may be blocked (private modes): then nothing is remembered and the gate asks again.
import { DEFAULT_GALLERY_RATING, type Gallery, type GalleryRating } from './galleries.ts';

export const RATING_FILTER_KEY = 'gallery-rating';
export const ADULT_CONFIRMED_KEY = 'gallery-adult-confirmed';

type DeviceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): DeviceStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: DeviceStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: DeviceStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not remembered; this page still follows the choice.
  }
}

export function hasConfirmedAdult(storage = browserStorage()): boolean {
  return read(storage, ADULT_CONFIRMED_KEY) === 'yes';
}

export function confirmAdult(storage = browserStorage()): void {
  write(storage, ADULT_CONFIRMED_KEY, 'yes');
}

/** The saved filter; X only counts together with the confirmation (a stray value cannot skip the gate). */
export function readRatingFilter(storage = browserStorage()): GalleryRating {
  return read(storage, RATING_FILTER_KEY) === 'X' && hasConfirmedAdult(storage) ? 'X' : DEFAULT_GALLERY_RATING;
}

export function saveRatingFilter(rating: GalleryRating, storage = browserStorage()): void {
  write(storage, RATING_FILTER_KEY, rating);
}

/** SPEC 2.3: PG shows only PG galleries; X shows all galleries. */
export function galleriesForRating<T extends Pick<Gallery, 'rating'>>(galleries: readonly T[], rating: GalleryRating): T[] {
  return rating === 'X' ? [...galleries] : galleries.filter((gallery) => gallery.rating === 'PG');
}

/** What choosing a rating does: X needs the gate until the visitor confirmed once. */
export function needsAgeGate(rating: GalleryRating, storage = browserStorage()): boolean {
  return rating === 'X' && !hasConfirmedAdult(storage);
}
