// The story page's live parts: 'Continue — Chapter N' and 'Reset progress' from the saved
// progress, the 'Last read' marker, and 'Load More Chapters' (20 more a time from the API).
import { READER_CHAPTER_PAGE_SIZE } from '#lib/limits.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { clearProgress, readProgress } from '#lib/reading-progress.ts';
import type { ChapterSummary } from '#lib/stories.ts';
import { track, trackPageView } from './analytics.ts';
import './search-launcher.ts';

const story = document.querySelector<HTMLElement>('[data-story-slug]')!;
const slug = story.dataset['storySlug']!;
const total = Number(story.dataset['total']);
const list = document.querySelector<HTMLOListElement>('[data-chapter-list]')!;
const continueLink = document.querySelector<HTMLAnchorElement>('[data-continue]')!;
const resetButton = document.querySelector<HTMLButtonElement>('[data-reset]')!;
const showing = document.querySelector<HTMLElement>('[data-showing]');
const loadMore = document.querySelector<HTMLButtonElement>('[data-load-more]');

function markLastRead(): void {
  list.querySelector('.last-read')?.remove();
  const progress = readProgress(slug);
  continueLink.hidden = resetButton.hidden = !progress;
  if (!progress) return;
  continueLink.href = `${chapterPath(slug, progress.chapterIndex)}/`;
  continueLink.textContent = `Continue — Chapter ${progress.chapterIndex}`;
  const item = list.querySelector(`[data-chapter-number="${progress.chapterIndex}"] a`);
  item?.insertAdjacentHTML('beforeend', '<span class="last-read">Last read</span>');
}

resetButton.addEventListener('click', () => {
  clearProgress(slug);
  markLastRead();
});

function appendChapter(chapter: ChapterSummary): void {
  const item = document.createElement('li');
  item.dataset['chapterNumber'] = String(chapter.chapter_number);
  const link = document.createElement('a');
  link.href = `${chapterPath(slug, chapter.chapter_number)}/`;
  const number = document.createElement('span');
  number.className = 'chapter-number';
  number.textContent = `Chapter ${chapter.chapter_number}`;
  link.append(number, ` ${chapter.title}`);
  item.append(link);
  list.append(item);
}

let page = 1;
loadMore?.addEventListener('click', async () => {
  loadMore.disabled = true;
  loadMore.textContent = 'Loading...';
  try {
    const response = await fetch(
      `/api/chapters/list?story_slug=${encodeURIComponent(slug)}&page=${page + 1}&limit=${READER_CHAPTER_PAGE_SIZE}`,
    );
    if (!response.ok) throw new Error(`status ${response.status}`);
    const { chapters } = (await response.json()) as { chapters: ChapterSummary[] };
    page += 1;
    const shown = new Set([...list.children].map((item) => (item as HTMLElement).dataset['chapterNumber']));
    for (const chapter of chapters) if (!shown.has(String(chapter.chapter_number))) appendChapter(chapter);
    if (showing) showing.textContent = `Showing ${list.children.length} of ${total}`;
    markLastRead();
    // More pages exist while page times limit is below the total.
    loadMore.hidden = page * READER_CHAPTER_PAGE_SIZE >= total;
  } catch (error) {
    console.warn('Loading chapters failed', error); // docs/product.md, Forms and messages: only logged
  } finally {
    loadMore.disabled = false;
    loadMore.textContent = 'Load More Chapters';
  }
});

markLastRead();

trackPageView();
track({ event_type: 'story_view', content_type: 'story', content_id: slug });

// Reset progress hides itself: the focus goes to the first control left in its row (Start
// reading), not to the page (docs/product.md, The reader's controls). Runs after the reset above.
resetButton.addEventListener('click', () => {
  resetButton.parentElement?.querySelector<HTMLElement>('a:not([hidden]), button:not([hidden])')?.focus();
});
