// Only the referring site's host is kept: a full referrer URL can carry search terms or personal
// tokens. Links between our own pages are not referrals, so they count as no referrer (the
// "where do readers come from" segment would otherwise be filled with the site itself).
const MAX_HOST_LENGTH = 255; // the database's limit on the column

/**
 * The referrer's host, or null for none and for our own pages. Our own host is the page's
 * (the Origin header browsers send with the beacon) and the API's, which differ behind a proxy.
 */
export function referrerHost(referrer: string | null | undefined, ownUrls: readonly (string | undefined)[]): string | null {
  if (!referrer) return null;
  const host = new URL(referrer).hostname;
  const ownHosts = ownUrls.flatMap((url) => (url && URL.canParse(url) ? [new URL(url).hostname] : []));
  if (!host || host.length > MAX_HOST_LENGTH || ownHosts.includes(host)) return null;
  return host;
}
