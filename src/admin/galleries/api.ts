// The Gallery Manager's calls. Uploads go through upload-file.ts:
// they need the upload progress that fetch does not report.
import { apiRequest } from '../../lib/api-client.ts';
import { ADMIN_IMAGE_LIMIT, type Gallery, type GalleryImagePage, type GalleryRating } from '../../lib/galleries.ts';

export interface GalleryInput {
  title: string;
  slug: string;
  description: string;
  rating: GalleryRating;
}

export interface ImageInput {
  /** null: no title of its own (the file name shows instead). */
  title: string | null;
  alt_text: string | null;
}

export const galleryApi = {
  list: async () => (await apiRequest<{ galleries: Gallery[] }>('/api/galleries/list')).galleries,
  save: async (input: GalleryInput, id?: number) =>
    (await apiRequest<{ gallery?: Gallery }>(id ? '/api/galleries/update' : '/api/galleries/create', { json: id ? { id, ...input } : input })).gallery,
  delete: (id: number) => apiRequest('/api/galleries/delete', { json: { id } }),

  /** One admin page of a gallery's images (100 at a time, docs/product.md, Limits). */
  images: (galleryId: number, page: number) =>
    apiRequest<GalleryImagePage>(`/api/images/gallery-list?gallery_id=${galleryId}&page=${page}&limit=${ADMIN_IMAGE_LIMIT}`),
  updateImage: (id: number, input: ImageInput) => apiRequest('/api/images/gallery-update', { json: { id, ...input } }),
  deleteImage: (id: number) => apiRequest('/api/images/gallery-delete', { json: { id } }),
};
