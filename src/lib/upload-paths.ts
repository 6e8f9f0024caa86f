// Where uploaded files are served, and how stored image addresses are normalised (docs/product.md, Shapes kept for older clients:
// "Upload paths are normalised to /api/uploads/... unless they are absolute URLs").
export const UPLOADS_URL_PREFIX = '/api/uploads/';

/** The public address of a stored upload key ("covers/x.webp" -> "/api/uploads/covers/x.webp"). */
export function uploadUrl(key: string): string {
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/**
 * An image address as stored: absolute http(s) URLs and site paths stay as they are, while
 * upload paths in any of their historic spellings ("uploads/covers/x.png", "/uploads/covers/x.png",
 * "covers/x.png") become "/api/uploads/covers/x.png". Empty stays empty.
 */
export function normaliseImagePath(value: string): string {
  const path = value.trim();
  if (path === '' || /^https?:\/\//i.test(path) || path.startsWith(UPLOADS_URL_PREFIX)) return path;
  const relative = path.replace(/^\/?(?:api\/)?uploads\//, '');
  if (relative !== path) return uploadUrl(relative);
  if (path.startsWith('/')) return path; // a file of the site itself, such as /images/default-cover.jpg
  return uploadUrl(path);
}

/** The storage key of an upload address, or null when the address is not an upload. */
export function uploadKeyOf(address: string): string | null {
  const path = normaliseImagePath(address);
  return path.startsWith(UPLOADS_URL_PREFIX) ? path.slice(UPLOADS_URL_PREFIX.length) : null;
}
