// The gallery page's image list: images accumulate page by page; a new
// search resets the list, the page to 1, the total to 0 and has-more to false; has-more is true
// while fewer images are loaded than the total; one page load runs at a time. Pure state, so the
// island and the unit tests share it.
import type { GalleryImage } from './galleries.ts';

export interface ImageListState {
  /** The search text the list is for ('' for all images). */
  query: string;
  images: GalleryImage[];
  /** The page the next load asks for. */
  page: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
}

export type ImageListAction =
  | { type: 'reset'; query: string }
  | { type: 'load-started' }
  | { type: 'page-loaded'; query: string; page: number; images: GalleryImage[]; total: number }
  | { type: 'load-failed'; query: string }
  /** A like or comment count changed in the lightbox: the card follows. */
  | { type: 'image-changed'; imageId: number; patch: Partial<Pick<GalleryImage, 'like_count' | 'comment_count'>> };

/** The list as the page was built: its first page of images, and the gallery's image count. */
export function prebuiltImageList(images: GalleryImage[], total: number): ImageListState {
  return { query: '', images, page: 2, total, hasMore: images.length < total, loading: false, failed: false };
}

/** Nothing loaded yet: how a search starts, and an X gallery before the 18+ gate let its images in. */
export function emptyImageList(query = ''): ImageListState {
  return { query, images: [], page: 1, total: 0, hasMore: false, loading: false, failed: false };
}

/** A page may be requested when nothing is loading and more exist (or nothing was loaded yet). */
export function canLoadPage(state: ImageListState): boolean {
  return !state.loading && (state.page === 1 || state.hasMore);
}

export function imageListReducer(state: ImageListState, action: ImageListAction): ImageListState {
  switch (action.type) {
    case 'reset':
      return emptyImageList(action.query);
    case 'load-started':
      return { ...state, loading: true, failed: false };
    case 'page-loaded': {
      // An answer for an earlier search, arriving late, is dropped.
      if (action.query !== state.query) return state;
      const images = action.page === 1 ? action.images : appendNew(state.images, action.images);
      return {
        ...state,
        images,
        page: action.page + 1,
        total: action.total,
        hasMore: images.length < action.total,
        loading: false,
        failed: false,
      };
    }
    case 'load-failed':
      return action.query === state.query ? { ...state, loading: false, failed: true } : state;
    case 'image-changed':
      return { ...state, images: state.images.map((image) => (image.id === action.imageId ? { ...image, ...action.patch } : image)) };
  }
}

/** Images uploaded between two page loads shift the pages: never show one image twice. */
function appendNew(loaded: GalleryImage[], next: GalleryImage[]): GalleryImage[] {
  const seen = new Set(loaded.map((image) => image.id));
  return [...loaded, ...next.filter((image) => !seen.has(image.id))];
}
