// A gallery page (/galleries/{slug}): rating filter, search, the image grid
// with 'Load more', and the lightbox. PG galleries arrive prebuilt with their first page of
// images and refresh it live (counts change between builds); X galleries carry no image in their
// HTML and load them only after the visitor confirmed being 18 or older.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Gallery, GalleryImage } from '#lib/galleries.ts';
import { fetchImagePage } from '#lib/gallery-api.ts';
import { canLoadPage, emptyImageList, imageListReducer, prebuiltImageList } from '#lib/gallery-pagination.ts';
import { GALLERIES_PATH, OPEN_IMAGE_PARAM } from '#lib/gallery-urls.ts';
import { track, trackPageView } from '#src/scripts/analytics.ts';
import GalleryImageCard from './GalleryImageCard.tsx';
import GalleryLightbox from './GalleryLightbox.tsx';
import { RatingSelect, useRatingFilter } from './GalleryRating.tsx';
import GallerySearch from './GallerySearch.tsx';

/** docs/product.md, Forms and messages. */
export const IMAGE_LOAD_FAILURE = 'Failed to load images for this gallery.';

interface Props {
  gallery: Gallery;
  /** The first page, prebuilt (none for an X gallery). */
  images: GalleryImage[];
}

export default function GalleryView({ gallery, images }: Props) {
  const filter = useRatingFilter();
  const gated = gallery.rating === 'X';
  const revealed = !gated || filter.rating === 'X';
  const [list, dispatch] = useReducer(imageListReducer, null, () =>
    gated ? emptyImageList() : prebuiltImageList(images, gallery.image_count),
  );
  const [openId, setOpenId] = useState<number | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  /** The search text of the page load under way (one at a time); null when none runs. */
  const loading = useRef<string | null>(null);
  /** An image the address asked for (?image=id), opened once it is loaded and may be shown. */
  const wanted = useRef<number | null>(null);

  const load = useCallback(
    async (page: number, query: string) => {
      loading.current = query;
      dispatch({ type: 'load-started' });
      try {
        const answer = await fetchImagePage(gallery.id, page, query);
        dispatch({ type: 'page-loaded', query, page, images: answer.images, total: answer.total });
      } catch (error) {
        console.warn('Loading images failed', error);
        dispatch({ type: 'load-failed', query });
      } finally {
        if (loading.current === query) loading.current = null;
      }
    },
    [gallery.id],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    trackPageView();
    track({ event_type: 'gallery_view', content_type: 'gallery', content_id: gallery.slug });
    const asked = Number(new URL(location.href).searchParams.get(OPEN_IMAGE_PARAM));
    if (Number.isInteger(asked) && asked > 0) wanted.current = asked;
    if (gated) filter.askForX();
  }, []);

  // The first page, live: on arrival, and when an X gallery's images may show.
  const query = list.query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: not for a new query: the search loads its own first page
  useEffect(() => {
    if (revealed) void load(1, query);
  }, [revealed, load]);

  const search = useCallback(
    (next: string) => {
      if (next === loading.current || (loading.current === null && next === query)) return;
      dispatch({ type: 'reset', query: next });
      void load(1, next);
    },
    [load, query],
  );

  const loadMore = () => {
    if (loading.current === null && canLoadPage(list)) void load(list.page, list.query);
  };

  const show = (id: number | null) => {
    setOpenId(id);
    const url = new URL(location.href);
    if (id === null) url.searchParams.delete(OPEN_IMAGE_PARAM);
    else url.searchParams.set(OPEN_IMAGE_PARAM, String(id));
    history.replaceState(history.state, '', url);
    if (id !== null)
      track({ event_type: 'image_view', content_type: 'image', content_id: String(id), parent_type: 'gallery', parent_id: gallery.slug });
  };

  useEffect(() => {
    const id = wanted.current;
    if (id === null || !revealed || list.loading) return;
    if (list.images.some((image) => image.id === id)) show(id);
    if (list.page > 1) wanted.current = null; // shown, or not on the first page
  });

  const close = () => {
    const id = openId;
    show(null);
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-image-id="${id}"] .image-open`)?.focus());
  };

  const index = list.images.findIndex((image) => image.id === openId);
  const move = (step: -1 | 1) => {
    const count = list.images.length;
    if (index >= 0 && count > 1) show(list.images[(index + step + count) % count]!.id);
  };

  return (
    <>
      <div className="gallery-toolbar">
        <RatingSelect filter={filter} />
        <GallerySearch onSearch={search} />
      </div>
      {!revealed ? (
        <AdultNotice onAsk={filter.askForX} />
      ) : (
        <>
          {list.images.length > 0 && (
            <ul className="image-grid" ref={grid}>
              {list.images.map((image, position) => (
                <GalleryImageCard key={image.id} image={image} revealed eager={position < 2} onOpen={() => show(image.id)} />
              ))}
            </ul>
          )}
          <ListFooter
            images={list.images.length}
            hasMore={list.hasMore}
            loading={list.loading}
            failed={list.failed}
            searching={!!list.query}
            onMore={loadMore}
          />
        </>
      )}
      <GalleryLightbox
        image={index >= 0 ? list.images[index]! : null}
        position={`${index + 1} of ${list.images.length}`}
        onClose={close}
        onMove={move}
        onLikes={(imageId, state) => dispatch({ type: 'image-changed', imageId, patch: { like_count: state.like_count } })}
      />
    </>
  );
}

interface FooterProps {
  images: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  searching: boolean;
  onMore: () => void;
}

/** Below the grid: the failure, 'Load more', 'No more images.', or why the grid is empty. */
function ListFooter({ images, hasMore, loading, failed, searching, onMore }: FooterProps) {
  return (
    <div className="image-list-footer" aria-live="polite">
      {failed && (
        <p className="gallery-error" role="alert">
          {IMAGE_LOAD_FAILURE}
        </p>
      )}
      {hasMore && (
        <button type="button" className="btn" onClick={onMore} disabled={loading}>
          Load more
        </button>
      )}
      {!hasMore && !loading && !failed && images > 0 && <p className="muted">No more images.</p>}
      {!hasMore && loading && images === 0 && <p className="muted">Loading images…</p>}
      {!hasMore && !loading && !failed && images === 0 && (
        <p className="muted">{searching ? 'No images match this search.' : 'No images in this gallery yet.'}</p>
      )}
    </div>
  );
}

function AdultNotice({ onAsk }: { onAsk: () => void }) {
  return (
    <div className="adult-notice">
      <p>This gallery is rated X: its images are for adults (18+) only.</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onAsk}>
          Show this gallery
        </button>
        <a className="btn" href={`${GALLERIES_PATH}/`}>
          Back to all galleries
        </a>
      </div>
    </div>
  );
}
