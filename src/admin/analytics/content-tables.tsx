// The columns of each Content Performance table, and how a row is told apart.
import type { ReactNode } from 'react';
import type { ContentKind, ContentRows } from '#lib/analytics-report.ts';
import { formatCount, formatPercent, formatSeconds } from './format.ts';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  numeric?: boolean;
}

export interface ContentTableSpec<Row> {
  columns: Column<Row>[];
  key(row: Row): string;
}

const count = <Row,>(header: string, value: (row: Row) => number): Column<Row> => ({
  header,
  numeric: true,
  cell: (row) => formatCount(value(row)),
});
const depth = <Row extends { avg_reading_depth: number | null }>(): Column<Row> => ({
  header: 'Avg Depth',
  numeric: true,
  cell: (row) => formatPercent(row.avg_reading_depth),
});
const time = <Row extends { avg_time_spent: number | null }>(): Column<Row> => ({
  header: 'Avg Time (s)',
  numeric: true,
  cell: (row) => formatSeconds(row.avg_time_spent),
});
const code = (text: string) => <code>{text}</code>;

export const CONTENT_TABLES: { [K in ContentKind]: ContentTableSpec<ContentRows[K]> } = {
  stories: {
    key: (row) => row.slug,
    columns: [
      { header: 'Title', cell: (row) => row.title },
      { header: 'Slug', cell: (row) => code(row.slug) },
      count('Total Views', (row) => row.total_views),
      count('Unique Readers', (row) => row.unique_readers),
      depth(),
      count('Chapters', (row) => row.total_chapters),
    ],
  },
  chapters: {
    key: (row) => `${row.story_slug}/${row.chapter_number}`,
    columns: [
      count('Chapter', (row) => row.chapter_number),
      { header: 'Title', cell: (row) => row.title },
      { header: 'Story', cell: (row) => row.story_title },
      count('Views', (row) => row.total_views),
      count('Unique Readers', (row) => row.unique_readers),
      depth(),
      time(),
    ],
  },
  galleries: {
    key: (row) => row.slug,
    columns: [
      { header: 'Title', cell: (row) => row.title },
      { header: 'Slug', cell: (row) => code(row.slug) },
      count('Total Views', (row) => row.total_views),
      count('Unique Visitors', (row) => row.unique_visitors),
      count('Images', (row) => row.total_images),
    ],
  },
  pages: {
    key: (row) => row.page_path,
    columns: [
      { header: 'Title', cell: (row) => row.page_title ?? 'Untitled' },
      { header: 'Path', cell: (row) => code(row.page_path) },
      count('Views', (row) => row.total_views),
      count('Unique Visitors', (row) => row.unique_visitors),
      time(),
    ],
  },
};
