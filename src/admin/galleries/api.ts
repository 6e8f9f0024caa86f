// The Gallery Manager's calls and queries. Uploads go through upload-file.ts: they need the
// upload progress that fetch does not report. Every key starts with queryKeys.galleries, so a change
// to images (counts, the hero) refreshes the gallery list too (decision 0033).
import { queryOptions } from '@tanstack/react-query';
import type { GalleryInput } from '#functions/galleries/schema.ts';
import type { ImageReorderInput, ImageUpdateInput } from '#functions/images/schema.ts';
import { apiRequest } from '#lib/api-client.ts';
import { ADMIN_IMAGE_LIMIT, type Gallery, type GalleryImagePage } from '#lib/galleries.ts';
import { queryKeys } from '../data/keys.ts';

export const galleriesQuery = queryOptions({
  queryKey: [...queryKeys.galleries, 'list'],
  queryFn: async () => (await apiRequest<{ galleries: Gallery[] }>('/api/galleries/list')).galleries,
});

/** One admin page of a gallery's images (100 at a time). */
export const galleryImagesQuery = (galleryId: number, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.galleries, galleryId, 'images', page],
    queryFn: () => apiRequest<GalleryImagePage>(`/api/images/gallery-list?gallery_id=${galleryId}&page=${page}&limit=${ADMIN_IMAGE_LIMIT}`),
  });

export const galleryApi = {
  save: async (input: GalleryInput, id?: number) =>
    (
      await apiRequest<{ gallery?: Gallery }>(id ? '/api/galleries/update' : '/api/galleries/create', {
        json: id ? { id, ...input } : input,
      })
    ).gallery,
  delete: (id: number) => apiRequest('/api/galleries/delete', { json: { id } }),
  /** null: the first image in the gallery's order is the hero. */
  setHero: (id: number, heroImageId: number | null) => apiRequest('/api/galleries/update', { json: { id, hero_image_id: heroImageId } }),
  updateImage: (input: ImageUpdateInput) => apiRequest('/api/images/gallery-update', { json: input }),
  reorder: (input: ImageReorderInput) => apiRequest('/api/images/gallery-reorder', { json: input }),
  deleteImage: (id: number) => apiRequest('/api/images/gallery-delete', { json: { id } }),
};
