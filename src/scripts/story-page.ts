// The story page's live parts (docs/product.md, Progress and the chapter list): 'Continue — Chapter
// N', 'Reset progress' and the chapters read from the saved progress; the read, new and 'Last read'
// marks in the chapter list; 'Go to chapter'; 'Load More Chapters' (20 more a time from the API).
import { chapterItemHtml, isNewChapter, jumpTarget } from '#lib/chapter-list.ts';
import { hasChapter, parseChapterSet } from '#lib/chapter-set.ts';
import { READER_CHAPTER_PAGE_SIZE } from '#lib/limits.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { clearProgress, lastVisit, readProgress, rememberVisit } from '#lib/reading-progress.ts';
import type { ChapterSummary } from '#lib/stories.ts';
import { track, trackPageView } from './analytics.ts';
import { wireSearch } from './search-launcher.ts';
import { showContinueLink, showStoryProgress } from './story-progress.ts';

wireSearch();

const story = document.querySelector<HTMLElement>('[data-story-slug]')!;
const slug = story.dataset['storySlug']!;
const total = Number(story.dataset['total']);
const published = parseChapterSet(story.dataset['chapters']);
const timeZone = story.dataset['timeZone']!;
const list = document.querySelector<HTMLOListElement>('[data-chapter-list]')!;
const continueLink = document.querySelector<HTMLAnchorElement>('[data-continue]')!;
const resetButton = document.querySelector<HTMLButtonElement>('[data-reset]')!;
const showing = document.querySelector<HTMLElement>('[data-showing]');
const loadMore = document.querySelector<HTMLButtonElement>('[data-load-more]');
const jump = document.querySelector<HTMLFormElement>('[data-chapter-jump]');

// 'New' compares with the visit before this one; this visit is the next one's mark.
const previousVisit = lastVisit(slug);
rememberVisit(slug, Date.now());

const READ_MARK = '<span class="read-mark"><span aria-hidden="true">✓</span><span class="visually-hidden">(read)</span></span>';

function markChapters(): void {
  const progress = readProgress(slug);
  continueLink.hidden = resetButton.hidden = !progress;
  showStoryProgress(story, progress, published);
  if (progress) showContinueLink(continueLink, slug, progress);
  for (const item of list.querySelectorAll<HTMLElement>('[data-chapter-number]')) {
    const number = Number(item.dataset['chapterNumber']);
    const read = progress !== null && hasChapter(progress.read, number);
    const link = item.querySelector('a')!;
    for (const mark of link.querySelectorAll('.read-mark, .new-badge, .last-read')) mark.remove();
    if (read) link.insertAdjacentHTML('beforeend', READ_MARK);
    if (isNewChapter(item.dataset['published'], previousVisit, read))
      link.insertAdjacentHTML('beforeend', '<span class="new-badge">New</span>');
    if (progress?.chapterIndex === number) link.insertAdjacentHTML('beforeend', '<span class="last-read">Last read</span>');
  }
}

resetButton.addEventListener('click', () => {
  clearProgress(slug);
  markChapters();
});

jump?.addEventListener('submit', (event) => {
  event.preventDefault();
  const target = jumpTarget(published, Number(new FormData(jump).get('chapter_number')));
  if (target !== null) location.assign(`${chapterPath(slug, target)}/`);
});

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
    const added = chapters.filter((chapter) => !shown.has(String(chapter.chapter_number)));
    list.insertAdjacentHTML('beforeend', added.map((chapter) => chapterItemHtml(slug, chapter, timeZone)).join(''));
    if (showing) showing.textContent = `Showing ${list.children.length} of ${total}`;
    markChapters();
    // More pages exist while page times limit is below the total.
    loadMore.hidden = page * READER_CHAPTER_PAGE_SIZE >= total;
  } catch (error) {
    console.warn('Loading chapters failed', error); // docs/product.md, Forms and messages: only logged
  } finally {
    loadMore.disabled = false;
    loadMore.textContent = 'Load More Chapters';
  }
});

markChapters();

trackPageView();
track({ event_type: 'story_view', content_type: 'story', content_id: slug });

// Reset progress hides itself: the focus goes to the first control left in its row (Start
// reading), not to the page (docs/product.md, The reader's controls). Runs after the reset above.
resetButton.addEventListener('click', () => {
  resetButton.parentElement?.querySelector<HTMLElement>('a:not([hidden]), button:not([hidden])')?.focus();
});
