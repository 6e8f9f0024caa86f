import { describe, expect, it } from 'vitest';
import type { ContentKind, ContentRows } from '#lib/analytics-report.ts';
import { CONTENT_TABLES } from './content-tables.tsx';

const headers = (kind: ContentKind) => CONTENT_TABLES[kind].columns.map((column) => column.header);
/** A cell as text: plain values and the <code> of slugs and paths alike. */
function cells<K extends ContentKind>(kind: K, row: ContentRows[K]): string[] {
  return CONTENT_TABLES[kind].columns.map((column) => {
    const cell = column.cell(row) as unknown;
    return typeof cell === 'object' && cell !== null ? String((cell as { props: { children: unknown } }).props.children) : String(cell);
  });
}

describe('content tables (their columns)', () => {
  it('stories: title, slug, total views, unique readers, avg depth percent, chapters', () => {
    expect(headers('stories')).toEqual(['Title', 'Slug', 'Total Views', 'Unique Readers', 'Avg Depth', 'Chapters']);
    const row = {
      title: 'The Lantern Fleet',
      slug: 'the-lantern-fleet',
      total_views: 1234,
      unique_readers: 56,
      avg_reading_depth: 72.45,
      total_chapters: 3,
    };
    expect(cells('stories', row)).toEqual(['The Lantern Fleet', 'the-lantern-fleet', '1,234', '56', '72.5%', '3']);
    expect(CONTENT_TABLES.stories.key(row)).toBe('the-lantern-fleet');
  });

  it('chapters: number, title, story title, views, unique readers, avg depth, avg time in seconds', () => {
    expect(headers('chapters')).toEqual(['Chapter', 'Title', 'Story', 'Views', 'Unique Readers', 'Avg Depth', 'Avg Time (s)']);
    const row = {
      chapter_number: 2,
      title: 'Lanterns',
      story_title: 'The Lantern Fleet',
      story_slug: 'the-lantern-fleet',
      total_views: 9,
      unique_readers: 4,
      avg_reading_depth: null,
      avg_time_spent: null,
    };
    expect(cells('chapters', row)).toEqual(['2', 'Lanterns', 'The Lantern Fleet', '9', '4', '—', '—']);
    // Chapter 2 of two stories are two rows.
    expect(CONTENT_TABLES.chapters.key(row)).not.toBe(CONTENT_TABLES.chapters.key({ ...row, story_slug: 'salt-and-starlight' }));
  });

  it('galleries: title, slug, total views, unique visitors, images', () => {
    expect(headers('galleries')).toEqual(['Title', 'Slug', 'Total Views', 'Unique Visitors', 'Images']);
    expect(
      cells('galleries', { title: 'Field Studies', slug: 'field-studies', total_views: 10000, unique_visitors: 3, total_images: 12 }),
    ).toEqual(['Field Studies', 'field-studies', '10,000', '3', '12']);
  });

  it("pages: title (or 'Untitled'), path, views, unique visitors, avg time in seconds", () => {
    expect(headers('pages')).toEqual(['Title', 'Path', 'Views', 'Unique Visitors', 'Avg Time (s)']);
    expect(
      cells('pages', { page_title: null, page_path: '/storytime/', total_views: 5, unique_visitors: 2, avg_time_spent: 12.34 }),
    ).toEqual(['Untitled', '/storytime/', '5', '2', '12.3']);
    expect(
      cells('pages', { page_title: '<script>alert(1)</script>', page_path: '/', total_views: 1, unique_visitors: 1, avg_time_spent: 0 })[0],
    ).toBe(
      '<script>alert(1)</script>', // text for React to escape, never markup
    );
  });
});
