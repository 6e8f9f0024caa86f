// The story page's chapter list (docs/product.md, Progress and the chapter list): one HTML string
// per chapter, so the first twenty built into the page and those 'Load More Chapters' brings from
// the API look the same; the reader's marks (read, new, last read) are added on the device.
import type { ChapterSet } from './chapter-set.ts';
import { countOf } from './counts.ts';
import { escapeHtml } from './html-text.ts';
import { chapterPath } from './reader-urls.ts';
import type { ChapterSummary } from './stories.ts';

export type ListedChapter = Pick<ChapterSummary, 'chapter_number' | 'title' | 'published_at' | 'word_count'>;

/** 'Nov 24, 2026': the day in the author's time zone, as the release times are shown. */
export const formatPublishDate = (instant: string, zone: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: zone }).format(new Date(instant));

export function chapterItemHtml(storySlug: string, chapter: ListedChapter, zone: string): string {
  const { chapter_number: number, published_at: published } = chapter;
  const date = published ? `<time datetime="${escapeHtml(published)}">${formatPublishDate(published, zone)}</time> · ` : '';
  return (
    `<li data-chapter-number="${number}"${published ? ` data-published="${escapeHtml(published)}"` : ''}>` +
    `<a href="${escapeHtml(chapterPath(storySlug, number))}/"><span class="chapter-number">Chapter ${number}</span> ` +
    `<span class="chapter-title">${escapeHtml(chapter.title)}</span>` +
    `<span class="chapter-meta">${date}${countOf(chapter.word_count, 'word', 'words')}</span></a></li>`
  );
}

/** New: came out after the reader's last visit to the story (never on a first visit), and not read yet. */
export const isNewChapter = (publishedAt: string | undefined, lastVisit: number | null, read: boolean): boolean =>
  !read && lastVisit !== null && publishedAt !== undefined && Date.parse(publishedAt) > lastVisit;

/** Where 'Go to chapter n' leads: chapter n, or the next published one after it, or the last. */
export function jumpTarget(published: ChapterSet, wanted: number): number | null {
  const last = published.at(-1)?.[1];
  if (last === undefined || !Number.isFinite(wanted)) return null;
  const range = published.find(([, to]) => to >= wanted);
  return range ? Math.max(range[0], Math.ceil(wanted)) : last;
}
