import { describe, expect, it } from 'vitest';
import type { GalleryImage } from './galleries.ts';
import type { SnapshotGallery } from './snapshot.ts';
import { galleryDescription, galleryJsonLd, isIndexable, shareableImage } from './gallery-seo.ts';

const gallery = (rating: 'PG' | 'X', description = 'Mood pieces.', hero: GalleryImage | null = null) =>
  ({ id: 1, slug: 'field-studies', title: 'Field Studies', description, rating, hero }) as SnapshotGallery;
const image = {
  id: 3,
  title: 'Duck study',
  alt_text: 'A duck on still water',
  src: '/api/uploads/galleries/duck.png',
  thumb: '/api/uploads/galleries/duck-480.webp',
  width: 512,
  height: 400,
} as GalleryImage;
const author = { name: 'Mara', image_license_url: 'https://creativecommons.org/licenses/by-nc/4.0/' };
const pixels = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' });

describe('gallery structured data (ImageGallery)', () => {
  it('lists a PG gallery with its images, as absolute URLs, with their maker, credit and licence', () => {
    const data = galleryJsonLd(gallery('PG'), [image], 'https://example.com/galleries/field-studies/', 'https://example.com', author);
    expect(data).toMatchObject({
      '@type': 'ImageGallery',
      name: 'Field Studies',
      description: 'Mood pieces.',
      url: 'https://example.com/galleries/field-studies/',
      image: [
        {
          '@type': 'ImageObject',
          name: 'Duck study',
          description: 'A duck on still water',
          contentUrl: 'https://example.com/api/uploads/galleries/duck.png',
          thumbnailUrl: 'https://example.com/api/uploads/galleries/duck-480.webp',
          width: pixels(512),
          height: pixels(400),
          creator: { '@type': 'Person', name: 'Mara', url: 'https://example.com/' },
          creditText: 'Mara',
          copyrightNotice: '© Mara',
          license: 'https://creativecommons.org/licenses/by-nc/4.0/',
          acquireLicensePage: 'https://example.com/',
        },
      ],
    });
  });

  it("names the hero (the chosen image, else the first) as the page's primary image, for a PG gallery only", () => {
    const hero = { ...image, id: 9, title: 'Chosen' };
    const data = galleryJsonLd(gallery('PG', '', hero), [image], 'https://example.com/g/', 'https://example.com', author);
    expect(data.primaryImageOfPage).toMatchObject({ name: 'Chosen', contentUrl: 'https://example.com/api/uploads/galleries/duck.png' });
    expect(data.image?.map((listed) => listed.name)).toEqual(['Duck study']);
    expect(galleryJsonLd(gallery('X', '', hero), [], 'https://example.com/g/', 'https://example.com', author)).not.toHaveProperty(
      'primaryImageOfPage',
    );
  });

  it('names no licence the author has not set', () => {
    const data = galleryJsonLd(gallery('PG'), [image], 'https://example.com/g/', 'https://example.com', {
      ...author,
      image_license_url: null,
    });
    expect(data.image?.[0]).not.toHaveProperty('license');
    expect(data.image?.[0]).toHaveProperty('acquireLicensePage', 'https://example.com/');
  });

  it('names no image of an X gallery, which is not indexed', () => {
    const data = galleryJsonLd(gallery('X'), [image], 'https://example.com/galleries/after-dark/', 'https://example.com', author);
    expect(data).not.toHaveProperty('image');
    expect(JSON.stringify(data)).not.toContain('duck');
    expect(isIndexable(gallery('X'))).toBe(false);
    expect(isIndexable(gallery('PG'))).toBe(true);
    expect(shareableImage(gallery('X', '', image))).toBeNull();
    expect(shareableImage(gallery('PG', '', image))).toBe(image);
    expect(shareableImage(gallery('PG'))).toBeNull();
  });

  it('describes a gallery without a description, and cuts a long one at 160 characters', () => {
    expect(galleryDescription(gallery('PG', '  '), 'Mara')).toBe('Field Studies: AI-generated art by Mara.');
    const long = galleryDescription(gallery('PG', 'word '.repeat(100)), 'Mara');
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });

  it('describes a gallery by its Markdown description as plain text, never with its markup', () => {
    const markdown = '*Neon* nights in **the city**.\n\n- [more](https://example.com)\n- <b>bold</b>';
    expect(galleryDescription(gallery('PG', markdown), 'Mara')).toBe('Neon nights in the city. more bold');
    expect(galleryJsonLd(gallery('PG', markdown), [], 'https://example.com/g/', 'https://example.com', author).description).toBe(
      'Neon nights in the city. more bold',
    );
  });
});
