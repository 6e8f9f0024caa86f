// The public gallery pages' calls to the API, with the answers
// reduced to what the islands show.
import { apiRequest } from './api-client.ts';
import { type Gallery, type GalleryImagePage, PUBLIC_GALLERY_LIST_LIMIT, PUBLIC_IMAGE_PAGE_SIZE } from './galleries.ts';

export interface ImageLikeState {
  like_count: number;
  user_liked: boolean;
}

export interface ImageComment {
  id: number;
  author_name: string;
  content: string;
  created_at: string;
}

export interface NewImageComment {
  author_name: string;
  content: string;
  /** The anti-spam trap: people leave it empty. */
  website: string;
}

export async function fetchGalleries(): Promise<Gallery[]> {
  const answer = await apiRequest<{ galleries: Gallery[] }>(`/api/galleries/list?page=1&limit=${PUBLIC_GALLERY_LIST_LIMIT}`);
  return answer.galleries;
}

export function fetchImagePage(galleryId: number, page: number, query: string): Promise<GalleryImagePage> {
  const params = new URLSearchParams({ gallery_id: String(galleryId), page: String(page), limit: String(PUBLIC_IMAGE_PAGE_SIZE) });
  if (query) params.set('q', query);
  return apiRequest<GalleryImagePage>(`/api/images/gallery-list?${params}`);
}

/** gallery-stats answers likes, comments and liked. */
export async function fetchImageLikes(imageId: number): Promise<ImageLikeState> {
  const stats = await apiRequest<{ likes: number; liked: boolean }>(`/api/images/gallery-stats?image_id=${imageId}`);
  return { like_count: stats.likes, user_liked: stats.liked };
}

export function toggleImageLike(imageId: number): Promise<ImageLikeState> {
  return apiRequest<ImageLikeState>('/api/images/gallery-like', { json: { image_id: imageId } });
}

export async function fetchImageComments(imageId: number): Promise<ImageComment[]> {
  return (await apiRequest<{ comments: ImageComment[] }>(`/api/images/gallery-comment-list?image_id=${imageId}`)).comments;
}

/** Resolves to the server's message (the comment waits for moderation). */
export async function postImageComment(imageId: number, comment: NewImageComment): Promise<string | undefined> {
  return (await apiRequest<{ message?: string }>('/api/images/gallery-comment-create', { json: { image_id: imageId, ...comment } }))
    .message;
}
