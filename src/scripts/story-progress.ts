// A story's progress bar ('2 of 3 chapters read') and its Continue link, on the story list's cards
// and the story page.
import type { ChapterSet } from '#lib/chapter-set.ts';
import { countOf } from '#lib/counts.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { type ReadingProgress, storyProgress } from '#lib/reading-progress.ts';

/** Fills the `[data-needs-progress]` bar inside `container`; hidden while nothing is saved. */
export function showStoryProgress(container: HTMLElement, progress: ReadingProgress | null, published: ChapterSet): void {
  const bar = container.querySelector<HTMLElement>('[data-needs-progress]');
  if (!bar) return;
  bar.hidden = !progress;
  if (!progress) return;
  const { read, published: count, fraction } = storyProgress(progress, published);
  bar.querySelector('[data-progress-label]')!.textContent = `${read} of ${countOf(count, 'chapter', 'chapters')} read`;
  bar.querySelector('progress')!.value = Math.round(fraction * 100);
}

/** Points a Continue link at the chapter the reader opened last, and shows it. */
export function showContinueLink(link: HTMLAnchorElement, slug: string, progress: ReadingProgress): void {
  link.href = `${chapterPath(slug, progress.chapterIndex)}/`;
  link.textContent = `Continue — Chapter ${progress.chapterIndex}`;
  link.hidden = false;
}
