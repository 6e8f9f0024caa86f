import { describe, expect, it } from 'vitest';
import { FALLBACK_PROFILE } from './profile.ts';
import { pageLastmods, robotsTxt, sitemapOptions } from './sitemap.ts';
import type { SnapshotGallery, SnapshotStory } from './snapshot.ts';

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
  const { filter } = sitemapOptions(content);

  it('lists the gallery list and PG galleries', () => {
    for (const path of ['/galleries/', '/galleries/field-studies/', '/galleries/sketches/']) expect(filter!(`${site}${path}`)).toBe(true);
  });

  it('leaves out X galleries and the not-found page', () => {
    expect(filter!(`${site}/galleries/after-dark/`)).toBe(false);
    expect(filter!(`${site}/galleries/after-dark`)).toBe(false);
    expect(filter!(`${site}/gallery-not-found/`)).toBe(false);
  });

  it('leaves out the pages that answer links from emails', () => {
    for (const path of ['/subscribe/', '/subscribe/confirm/', '/unsubscribe/']) expect(filter!(`${site}${path}`)).toBe(false);
  });

  it('still leaves out the admin and the API', () => {
    expect(filter!(`${site}/admin/`)).toBe(false);
    expect(filter!(`${site}/api/galleries/list`)).toBe(false);
  });

  it('leaves out the preview as a reader, which robots.txt forbids too', () => {
    expect(filter!(`${site}/storytime/preview/`)).toBe(false);
    expect(filter!(`${site}/storytime/`)).toBe(true);
    expect(robotsTxt(site)).toBe(
      'User-agent: *\nAllow: /api/uploads/\nDisallow: /admin\nDisallow: /api/\nDisallow: /storytime/preview/\n\nSitemap: https://example.com/sitemap-index.xml\n',
    );
  });

  it('dates a gallery by its newest change or image, and the list by its newest PG gallery', () => {
    const lastmods = pageLastmods(content);
    expect(lastmods.get('/galleries/field-studies')).toBe('2026-03-01T00:00:00.000Z');
    expect(lastmods.get('/galleries/sketches')).toBe('2026-02-15T00:00:00.000Z');
    expect(lastmods.get('/galleries')).toBe('2026-03-01T00:00:00.000Z'); // the X gallery's later date does not leak
    expect(lastmods.has('/galleries/after-dark')).toBe(false);
    const item = sitemapOptions(content).serialize({ url: `${site}/galleries/field-studies/` });
    expect(item.lastmod).toBe('2026-03-01T00:00:00.000Z');
  });

  it('works with a snapshot that has no galleries', () => {
    const { filter: bare } = sitemapOptions({ profile: content.profile, stories: [] });
    expect(bare!(`${site}/galleries/`)).toBe(true);
    expect(pageLastmods({ profile: content.profile, stories: [] }).has('/galleries')).toBe(false);
  });
});

describe('the sitemap and adult stories', () => {
  const chapters = (updated_at: string) => [
    { id: 1, chapter_number: 1, updated_at },
    { id: 2, chapter_number: 2, updated_at },
  ];
  const story = (slug: string, updated_at: string, extra: Partial<SnapshotStory> = {}) =>
    ({
      slug,
      updated_at,
      target_audience: '',
      genres: [],
      age_gate: true,
      chapters: chapters(updated_at),
      ...extra,
    }) as unknown as SnapshotStory;
  const stories = [
    story('the-fleet', '2026-02-01T00:00:00.000Z', { target_audience: 'Young adults', redirects: [{ old_number: 5, chapter_id: 2 }] }),
    story('velvet', '2026-05-01T00:00:00.000Z', { target_audience: '18+' }),
    story('steam', '2026-06-01T00:00:00.000Z', { genres: ['Erotica'], age_gate: false }),
  ];
  const { filter } = sitemapOptions({ profile: content.profile, stories });

  it('leaves out adult stories and their chapters, gate on or off', () => {
    for (const slug of ['velvet', 'steam']) {
      for (const path of [
        `/storytime/story/${slug}/`,
        `/storytime/story/${slug}`,
        `/storytime/story/${slug}/chapter/1/`,
        `/storytime/story/${slug}/chapter/2/`,
      ]) {
        expect(filter!(`${site}${path}`)).toBe(false);
      }
    }
  });

  it('still lists the other stories, their chapters and the story list', () => {
    for (const path of ['/storytime/', '/storytime/story/the-fleet/', '/storytime/story/the-fleet/chapter/2/'])
      expect(filter!(`${site}${path}`)).toBe(true);
  });

  it('leaves out the old address of a moved chapter', () => {
    expect(filter!(`${site}/storytime/story/the-fleet/chapter/5/`)).toBe(false);
  });

  it("dates the story list by its listed stories only: an adult story's change does not leak", () => {
    const lastmods = pageLastmods({ profile: content.profile, stories });
    expect(lastmods.get('/storytime')).toBe('2026-02-01T00:00:00.000Z');
    expect(lastmods.has('/storytime/story/velvet')).toBe(false);
    expect(lastmods.has('/storytime/story/steam/chapter/1')).toBe(false);
  });
});
