// The order of a gallery's images (docs/product.md, Arranging a gallery): a page's cards are moved
// by dragging their handle (mouse, touch) or by the keyboard on it (Space or Enter to pick up, the
// arrow keys to move, Space or Enter to drop, Escape to cancel), as the chapter list does. A drop
// is sent as "right before" or "right after" the image now in that place (decision 0050), shown
// at once and put right by the server's answer.
import type { Announcements, DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import type { GalleryImage, GalleryImagePage } from '#lib/galleries.ts';
import { SortableArea } from '../SortableArea.tsx';
import { queryKeys } from '../data/keys.ts';
import { useSave } from '../data/useSave.ts';
import { galleryApi, galleryImagesQuery } from './api.ts';

/** What a card needs to be sortable: its element, its place while dragged, and its handle. */
export interface SortableParts {
  ref(element: HTMLElement | null): void;
  style: CSSProperties;
  handle: ReactNode;
}

/** Moves within one admin page, shown before the server answers; the last move's answer reloads the gallery. */
export function useImageMoves(galleryId: number, page: number) {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  const { queryKey } = galleryImagesQuery(galleryId, page);
  return useSave({
    mutationFn: async ({ images, from, to }: { images: GalleryImage[]; from: number; to: number }) => {
      const move = ++latest.current;
      const [moving, beside] = [images[from]!, images[to]!];
      await galleryApi.reorder(to < from ? { id: moving.id, before_id: beside.id } : { id: moving.id, after_id: beside.id });
      return move;
    },
    onMutate: ({ images, from, to }) =>
      queryClient.setQueryData<GalleryImagePage>(queryKey, (data) => data && { ...data, images: arrayMove(images, from, to) }),
    // The hero (the first image, unless one was chosen) and the page follow the server.
    onSettled: (move) => {
      if (move === undefined || move === latest.current) void queryClient.invalidateQueries({ queryKey: queryKeys.galleries });
    },
  });
}

function SortableImage({ image, children }: { image: GalleryImage; children(parts: SortableParts): ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  return children({
    ref: setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 1 : undefined },
    handle: (
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="button button-ghost image-handle"
        aria-label={`Drag “${image.title}”`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
    ),
  });
}

interface ImageOrderProps {
  images: GalleryImage[];
  /** Where the page starts in the gallery (0 on the first page), for the places announced. */
  offset: number;
  onMove(from: number, to: number): void;
  children(image: GalleryImage, parts: SortableParts): ReactNode;
}

export function ImageOrder({ images, offset, onMove, children }: ImageOrderProps) {
  const indexOf = (id: unknown) => images.findIndex((image) => image.id === id);
  const titleOf = (id: unknown) => images[indexOf(id)]?.title ?? '';
  const placeOf = (id: unknown) => offset + indexOf(id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image “${titleOf(active.id)}”, at place ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `Image “${titleOf(active.id)}” is over place ${placeOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `Image “${titleOf(active.id)}” was dropped at place ${placeOf(over.id)}.` : `Image “${titleOf(active.id)}” was put back.`,
    onDragCancel: ({ active }) => `Moving image “${titleOf(active.id)}” was cancelled.`,
  };

  function dropped({ active, over }: DragEndEvent) {
    const [from, to] = [indexOf(active.id), over ? indexOf(over.id) : -1];
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  }

  return (
    <SortableArea
      itemName="an image"
      ids={images.map((image) => image.id)}
      strategy={rectSortingStrategy}
      announcements={announcements}
      onDragEnd={dropped}
    >
      <ul className="image-grid">
        {images.map((image) => (
          <SortableImage key={image.id} image={image}>
            {(parts) => children(image, parts)}
          </SortableImage>
        ))}
      </ul>
    </SortableArea>
  );
}
