// Canonical addresses, structured data and share previews of the public pages (docs/product.md,
// Structured data and share previews).

// Canonical addresses: the profile's site domain when the author set one, else the configured site URL.
export function siteOrigin(siteDomain: string | null, fallback: URL | undefined): string {
  return (siteDomain ?? fallback?.origin ?? 'http://localhost:4321').replace(/\/+$/, '');
}

/** Absolute URL for a path on the site; absolute URLs pass through. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

// Characters that could end the <script> element early ("</script>", "<!--"), that an XHTML reader
// takes as markup ("]]>", "&"), or that older JavaScript parsers take as line ends. JSON allows
// each one written as \uXXXX, so the data stays the same.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/** Structured data as the text of a <script type="application/ld+json"> element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface BreadcrumbItem {
  label: string;
  /** Where the crumb leads; the last crumb (the page itself) has none. */
  href?: string;
}

/** The breadcrumb the page shows, as schema.org BreadcrumbList; the current page is named without an address. */
export function breadcrumbJsonLd(items: BreadcrumbItem[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      ...(item.href && index < items.length - 1 && { item: absoluteUrl(origin, item.href) }),
    })),
  };
}

/** A size in pixels as schema.org's ImageObject width and height expect it (QuantitativeValue, unit code E37: pixel). */
export const pixels = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' });

/** A page's social preview image: absolute address, text alternative and size. */
export interface ShareImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** Share images are made at build time (scripts/server/share-images.ts) at this size, as JPEG. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const SITE_SHARE_IMAGE_PATH = '/share/site.jpg';
export const storyShareImagePath = (slug: string) => `/share/story/${encodeURIComponent(slug)}.jpg`;
export const galleryShareImagePath = (slug: string) => `/share/gallery/${encodeURIComponent(slug)}.jpg`;

const shareImage = (origin: string, path: string, alt: string): ShareImage => ({
  url: absoluteUrl(origin, path),
  alt,
  width: SHARE_IMAGE_WIDTH,
  height: SHARE_IMAGE_HEIGHT,
});

/** The site's image: the portrait over the landing page's background. */
export const siteShareImage = (origin: string, authorName: string) =>
  shareImage(origin, SITE_SHARE_IMAGE_PATH, `Portrait of ${authorName}`);
export const storyShareImage = (origin: string, story: { slug: string; title: string }) =>
  shareImage(origin, storyShareImagePath(story.slug), `Cover of ${story.title}`);
export const galleryShareImage = (origin: string, gallery: { slug: string }, image: { title: string; alt_text: string | null }) =>
  shareImage(origin, galleryShareImagePath(gallery.slug), image.alt_text || image.title);
