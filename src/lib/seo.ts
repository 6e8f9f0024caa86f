// Canonical addresses: the profile's site domain when the author set one, else the configured site URL.
export function siteOrigin(siteDomain: string | null, fallback: URL | undefined): string {
  return (siteDomain ?? fallback?.origin ?? 'http://localhost:4321').replace(/\/+$/, '');
}

/** Absolute URL for a path on the site; absolute URLs pass through. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
