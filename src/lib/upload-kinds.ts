// Upload kinds, limits and messages, shared by the admin's Upload Manager (browser checks) and
// the server (which checks again, from the bytes). No zod here, so the admin bundle stays small.
import { GENERAL_UPLOAD_MAX_BYTES, STORY_IMAGE_MAX_BYTES } from './limits.ts';

/** The `type` field of an upload and the storage folder it goes to. */
export const UPLOAD_FOLDERS = { cover: 'covers', pagebreak: 'pagebreaks', general: 'general' } as const;
export type UploadType = keyof typeof UPLOAD_FOLDERS;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[UploadType];
export const UPLOAD_TYPES = Object.keys(UPLOAD_FOLDERS) as UploadType[];
export const MANAGED_FOLDERS = Object.values(UPLOAD_FOLDERS) as UploadFolder[];

export const UPLOAD_MAX_BYTES: Record<UploadType, number> = {
  cover: STORY_IMAGE_MAX_BYTES,
  pagebreak: STORY_IMAGE_MAX_BYTES,
  general: GENERAL_UPLOAD_MAX_BYTES,
};

/** What the Upload Manager's file input accepts: the four formats the server detects. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const INVALID_TYPE_MESSAGE = 'Invalid file type. Only JPEG, PNG, GIF, and WebP are allowed.';
/** "File too large. Maximum size is 5MB.", with the limit of the upload's kind. */
export const tooLargeMessage = (maxBytes: number) => `File too large. Maximum size is ${Math.round(maxBytes / (1024 * 1024))}MB.`;

/** One uploaded file as the manage and list calls describe it. */
export interface UploadFile {
  filename: string;
  /** The storage key, e.g. "covers/3f2a….webp". */
  path: string;
  /** Where it is served: "/api/uploads/covers/3f2a….webp". */
  url: string;
  size: number;
  /** Unix seconds. */
  modified: number;
  /** Where the site uses it ("cover of story 'The Fleet'"); only in the Upload Manager's listing. */
  used_by?: string[];
}
export type UploadListing = Record<UploadFolder, UploadFile[]>;
