import { describe, expect, it } from 'vitest';
import type { SitemapItem } from '@astrojs/sitemap';
import { FALLBACK_PROFILE } from './profile.ts';
import { pageLastmods, sitemapOptions } from './sitemap.ts';
import type { SnapshotGallery } from './snapshot.ts';

const gallery = (slug: string, rating: 'PG' | 'X', updated_at: string, imageTimes: string[] = []) =>
  ({ slug, rating, updated_at, images: imageTimes.map((created_at, id) => ({ id, created_at })) }) as unknown as SnapshotGallery;

const content = {
  profile: { ...FALLBACK_PROFILE, updated_at: '2026-01-01T00:00:00.000Z' },
  stories: [],
  galleries: [
    gallery('field-studies', 'PG', '2026-02-01T00:00:00.000Z', ['2026-03-01T00:00:00.000Z']),
    gallery('after-dark', 'X', '2026-04-01T00:00:00.000Z'),
    gallery('sketches', 'PG', '2026-02-15T00:00:00.000Z'),
  ],
};

const site = 'https://example.com';

describe('the sitemap and galleries', () => {
  const { filter } = sitemapOptions(content)!;

  it('lists the gallery list and PG galleries', () => {
    for (const path of ['/galleries/', '/galleries/field-studies/', '/galleries/sketches/']) expect(filter!(`${site}${path}`)).toBe(true);
  });

  it('leaves out X galleries and the not-found page', () => {
    expect(filter!(`${site}/galleries/after-dark/`)).toBe(false);
    expect(filter!(`${site}/galleries/after-dark`)).toBe(false);
    expect(filter!(`${site}/gallery-not-found/`)).toBe(false);
  });

  it('still leaves out the admin and the API', () => {
    expect(filter!(`${site}/admin/`)).toBe(false);
    expect(filter!(`${site}/api/galleries/list`)).toBe(false);
  });

  it('dates a gallery by its newest change or image, and the list by its newest PG gallery', () => {
    const lastmods = pageLastmods(content);
    expect(lastmods.get('/galleries/field-studies')).toBe('2026-03-01T00:00:00.000Z');
    expect(lastmods.get('/galleries/sketches')).toBe('2026-02-15T00:00:00.000Z');
    expect(lastmods.get('/galleries')).toBe('2026-03-01T00:00:00.000Z'); // the X gallery's later date does not leak
    expect(lastmods.has('/galleries/after-dark')).toBe(false);
    const item = sitemapOptions(content)!.serialize!({ url: `${site}/galleries/field-studies/` } as SitemapItem) as SitemapItem;
    expect(item.lastmod).toBe('2026-03-01T00:00:00.000Z');
  });

  it('works with a snapshot that has no galleries', () => {
    const { filter: bare } = sitemapOptions({ profile: content.profile, stories: [] })!;
    expect(bare!(`${site}/galleries/`)).toBe(true);
    expect(pageLastmods({ profile: content.profile, stories: [] }).has('/galleries')).toBe(false);
  });
});
