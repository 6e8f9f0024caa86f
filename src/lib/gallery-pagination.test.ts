import { describe, expect, it } from 'vitest';
import type { GalleryImage } from './galleries.ts';
import { canLoadPage, emptyImageList, imageListReducer, type ImageListState, prebuiltImageList } from './gallery-pagination.ts';

const image = (id: number) => ({ id, title: `Image ${id}`, like_count: 0, comment_count: 0 }) as GalleryImage;
const images = (from: number, count: number) => Array.from({ length: count }, (_, index) => image(from + index));
const ids = (state: ImageListState) => state.images.map((i) => i.id);

describe('the gallery image list', () => {
  it('starts from the prebuilt first page: the next load asks for page 2 while more exist', () => {
    const state = prebuiltImageList(images(1, 20), 45);
    expect(state).toMatchObject({ page: 2, total: 45, hasMore: true, loading: false, query: '' });
    expect(canLoadPage(state)).toBe(true);
    expect(prebuiltImageList(images(1, 3), 3).hasMore).toBe(false);
    expect(canLoadPage(prebuiltImageList(images(1, 3), 3))).toBe(false);
  });

  it('accumulates page by page, has-more while fewer are loaded than the total', () => {
    let state = prebuiltImageList(images(1, 20), 45);
    state = imageListReducer(state, { type: 'load-started' });
    expect(state.loading).toBe(true);
    expect(canLoadPage(state)).toBe(false); // one page load at a time
    state = imageListReducer(state, { type: 'page-loaded', query: '', page: 2, images: images(21, 20), total: 45 });
    expect(state).toMatchObject({ page: 3, total: 45, hasMore: true, loading: false });
    expect(state.images).toHaveLength(40);
    state = imageListReducer(state, { type: 'page-loaded', query: '', page: 3, images: images(41, 5), total: 45 });
    expect(state).toMatchObject({ page: 4, hasMore: false });
    expect(ids(state)).toEqual(images(1, 45).map((i) => i.id));
    expect(canLoadPage(state)).toBe(false);
  });

  it('a new search resets the list, the page to 1, the total to 0 and has-more to false', () => {
    let state = prebuiltImageList(images(1, 20), 45);
    state = imageListReducer(state, { type: 'reset', query: 'duck' });
    expect(state).toEqual({ query: 'duck', images: [], page: 1, total: 0, hasMore: false, loading: false, failed: false });
    expect(canLoadPage(state)).toBe(true); // its first page
    state = imageListReducer(state, { type: 'load-started' });
    state = imageListReducer(state, { type: 'page-loaded', query: 'duck', page: 1, images: [image(7)], total: 1 });
    expect(state).toMatchObject({ page: 2, total: 1, hasMore: false });
    expect(ids(state)).toEqual([7]);
  });

  it('drops a late answer for an earlier search', () => {
    let state = imageListReducer(prebuiltImageList(images(1, 20), 45), { type: 'load-started' });
    state = imageListReducer(state, { type: 'reset', query: 'duck' });
    state = imageListReducer(state, { type: 'load-started' });
    const late = imageListReducer(state, { type: 'page-loaded', query: '', page: 2, images: images(21, 20), total: 45 });
    expect(late).toBe(state);
    expect(imageListReducer(state, { type: 'load-failed', query: '' })).toBe(state);
  });

  it('replaces the list with a fresh first page (live counts after a build)', () => {
    let state = prebuiltImageList([{ ...image(1), like_count: 1 }], 1);
    state = imageListReducer(state, {
      type: 'page-loaded',
      query: '',
      page: 1,
      images: [{ ...image(1), like_count: 5 }, image(2)],
      total: 2,
    });
    expect(state.images.map((i) => [i.id, i.like_count])).toEqual([
      [1, 5],
      [2, 0],
    ]);
    expect(state).toMatchObject({ page: 2, total: 2, hasMore: false });
  });

  it('never shows an image twice when uploads shift the pages', () => {
    let state = prebuiltImageList(images(1, 20), 41);
    // One image was added at the front: page 2 now starts with the old 20th.
    state = imageListReducer(state, { type: 'page-loaded', query: '', page: 2, images: images(20, 20), total: 41 });
    expect(new Set(ids(state)).size).toBe(state.images.length);
    expect(state.images).toHaveLength(39);
    expect(state.hasMore).toBe(true);
  });

  it('a failed load is reported and can be retried', () => {
    let state = imageListReducer(prebuiltImageList(images(1, 20), 45), { type: 'load-started' });
    state = imageListReducer(state, { type: 'load-failed', query: '' });
    expect(state).toMatchObject({ failed: true, loading: false, page: 2 });
    expect(canLoadPage(state)).toBe(true);
    state = imageListReducer(state, { type: 'load-started' });
    expect(state.failed).toBe(false);
  });

  it('an X gallery starts empty, then loads its first page', () => {
    const state = emptyImageList();
    expect(state).toMatchObject({ images: [], page: 1, total: 0, hasMore: false });
    expect(canLoadPage(state)).toBe(true);
  });

  it('follows a like count changed in the lightbox', () => {
    const state = imageListReducer(prebuiltImageList(images(1, 3), 3), { type: 'image-changed', imageId: 2, patch: { like_count: 9 } });
    expect(state.images.map((i) => i.like_count)).toEqual([0, 9, 0]);
  });
});
