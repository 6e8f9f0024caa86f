// Addresses of the public gallery pages, in one place for the pages, the islands, the
// sitemap and the server's not-found rule.
export const GALLERIES_PATH = '/galleries';
/** A gallery's page; the slug is URL-encoded. Pages link to it with a trailing slash. */
export const galleryPath = (slug: string) => `${GALLERIES_PATH}/${encodeURIComponent(slug)}`;
/**
 * The 'Gallery not found.' page, outside /galleries/ so that no gallery slug can take its address.
 * The server answers an unknown /galleries/{slug} with it and status 404 (scripts/server/static-site.ts).
 */
export const GALLERY_NOT_FOUND_PATH = '/gallery-not-found';
/** Query parameter naming the image open in the lightbox, so the address can be shared. */
export const OPEN_IMAGE_PARAM = 'image';
