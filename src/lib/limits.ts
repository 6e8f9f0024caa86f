// Limits the browser forms and the server both enforce (docs/product.md, Limits).
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops multi-megabyte "passwords" from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;

const MB = 1024 * 1024;
/** Upload Manager (general uploads): 'File too large. Maximum size is 5MB.' */
export const GENERAL_UPLOAD_MAX_BYTES = 5 * MB;
/** Story covers and page breaks: the story form's help text promises "up to 10MB". */
export const STORY_IMAGE_MAX_BYTES = 10 * MB;
/** One Markdown chapter file (single or bulk). */
export const CHAPTER_FILE_MAX_BYTES = 1 * MB;
/** Files in one bulk upload, and the request's total size. */
export const BULK_UPLOAD_MAX_FILES = 500;
export const BULK_UPLOAD_MAX_BYTES = 25 * MB;
/** A CSV of addresses the author imports into the subscriber list. */
export const SUBSCRIBER_IMPORT_MAX_CHARACTERS = 1 * MB;

/** Chapter list page size for readers, and the admin's fetch limit. */
export const READER_CHAPTER_PAGE_SIZE = 20;
export const ADMIN_CHAPTER_LIMIT = 1000;
/** Characters of a chapter shown in the admin's chapter list. */
export const CHAPTER_PREVIEW_LENGTH = 200;

/** Comments: text and author name limits, and the name shown when none is given. */
export const COMMENT_TEXT_MAX_LENGTH = 1000;
export const COMMENT_AUTHOR_MAX_LENGTH = 100;
export const DEFAULT_COMMENT_AUTHOR = 'Anonymous';

/**
 * Text limits of the admin's forms, per field (characters; chapter_number is the highest
 * number). The server's schemas are built from these, so a form's maxLength and the server's
 * check cannot drift apart. Plain numbers, so the browser can use them without zod.
 */
export const STORY_LIMITS = {
  title: 200,
  description: 5000,
  blurb: 20_000,
  primary_keywords: 1000,
  longtail_keywords: 2000,
  target_audience: 500,
} as const;
export const CHAPTER_LIMITS = {
  title: 200,
  content: 500_000,
  chapter_number: 100_000,
  /** The author's notes before and after the text. */
  note: 20_000,
  /** Content warnings: how many, and the characters of each. */
  content_warnings: 20,
  content_warning: 60,
} as const;
export const GALLERY_LIMITS = { title: 200, description: 5000 } as const;
export const IMAGE_LIMITS = { title: 200, alt_text: 1000 } as const;
export const PROFILE_LIMITS = { name: 200, bio: 2000, tagline: 500 } as const;
export const BAN_REASON_MAX_LENGTH = 500;
/** An image or link address (a cover, a profile picture, a social link). */
export const URL_MAX_LENGTH = 2048;
