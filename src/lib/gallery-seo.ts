// Search and sharing data of the gallery pages (docs/product.md, Search and sharing: ImageGallery
// structured data; Structured data and share previews: who made the images and under which licence).
// X galleries are not for search engines: their pages say noindex, stay out of the sitemap, and
// their structured data and share preview name no image.
import { truncate } from './chapter-text.ts';
import type { Gallery, GalleryImage } from './galleries.ts';
import { descriptionText } from './gallery-display.ts';
import type { SnapshotGallery } from './snapshot.ts';
import type { AuthorProfile } from './profile.ts';
import { absoluteUrl, pixels } from './seo.ts';

/** The description as plain text (it is Markdown: docs/product.md, How galleries look), or a sentence made from the title. */
export function galleryDescription(gallery: Pick<Gallery, 'title' | 'description'>, authorName: string): string {
  return truncate(descriptionText(gallery.description) || `${gallery.title}: AI-generated art by ${authorName}.`);
}

export function isIndexable(gallery: Pick<Gallery, 'rating'>): boolean {
  return gallery.rating === 'PG';
}

/** The image a gallery's share preview is made from: the hero of a PG gallery; none for an X gallery. */
export function shareableImage(gallery: Pick<SnapshotGallery, 'rating' | 'hero'>): GalleryImage | null {
  return isIndexable(gallery) ? gallery.hero : null;
}

type Author = Pick<AuthorProfile, 'name' | 'image_license_url'>;

/** One gallery image with its maker, credit and licence, as Google's image metadata reads them. */
function imageObject(image: GalleryImage, origin: string, author: Author) {
  return {
    '@type': 'ImageObject',
    name: image.title,
    ...(image.alt_text && { description: image.alt_text }),
    contentUrl: absoluteUrl(origin, image.src),
    thumbnailUrl: absoluteUrl(origin, image.thumb),
    width: pixels(image.width),
    height: pixels(image.height),
    creator: { '@type': 'Person', name: author.name, url: `${origin}/` },
    creditText: author.name,
    copyrightNotice: `© ${author.name}`,
    ...(author.image_license_url && { license: author.image_license_url }),
    acquireLicensePage: `${origin}/`,
  };
}

/** `images`: those the page shows; the hero is the page's primary image. */
export function galleryJsonLd(
  gallery: Gallery & Pick<SnapshotGallery, 'hero'>,
  images: GalleryImage[],
  pageUrl: string,
  origin: string,
  author: Author,
) {
  const indexable = isIndexable(gallery);
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name: gallery.title,
    description: galleryDescription(gallery, author.name),
    url: pageUrl,
    inLanguage: 'en-US',
    author: { '@type': 'Person', name: author.name, url: `${origin}/` },
    ...(indexable && gallery.hero && { primaryImageOfPage: imageObject(gallery.hero, origin, author) }),
    ...(indexable && { image: images.map((image) => imageObject(image, origin, author)) }),
  };
}
