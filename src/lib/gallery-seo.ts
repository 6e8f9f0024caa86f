// Search and sharing data of the gallery pages (docs/product.md, Search and sharing: ImageGallery
// structured data). X galleries are not for search engines: their pages say noindex, stay out of
// the sitemap, and their structured data names no image.
import { truncate } from './chapter-text.ts';
import type { Gallery, GalleryImage } from './galleries.ts';
import { absoluteUrl } from './seo.ts';

export function galleryDescription(gallery: Pick<Gallery, 'title' | 'description'>, authorName: string): string {
  return truncate(gallery.description.replace(/\s+/g, ' ').trim() || `${gallery.title}: AI-generated art by ${authorName}.`);
}

export function isIndexable(gallery: Pick<Gallery, 'rating'>): boolean {
  return gallery.rating === 'PG';
}

export function galleryJsonLd(gallery: Gallery, images: GalleryImage[], pageUrl: string, origin: string, authorName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name: gallery.title,
    description: galleryDescription(gallery, authorName),
    url: pageUrl,
    inLanguage: 'en-US',
    author: { '@type': 'Person', name: authorName, url: `${origin}/` },
    ...(isIndexable(gallery) && {
      image: images.map((image) => ({
        '@type': 'ImageObject',
        name: image.title,
        ...(image.alt_text && { description: image.alt_text }),
        contentUrl: absoluteUrl(origin, image.src),
        thumbnailUrl: absoluteUrl(origin, image.thumb),
        width: image.width,
        height: image.height,
      })),
    }),
  };
}
