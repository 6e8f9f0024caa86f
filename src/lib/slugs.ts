// Slug rules (docs/product.md, Content and its rules), shared by the admin forms and the server.

/**
 * Story (and chapter) slugs: lowercase, keep only a-z, 0-9, spaces and hyphens, spaces become
 * hyphens, repeated hyphens collapse, hyphens trimmed at both ends.
 */
export function storySlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Gallery slugs: lowercase, strip characters other than word characters, whitespace and
 * hyphens, collapse whitespace, underscores and hyphens into single hyphens, trim hyphens.
 */
export function gallerySlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What the database accepts as a slug: lowercase letters and digits in hyphen-separated runs. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;
