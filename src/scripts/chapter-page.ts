// The chapter page's behaviour: reading progress saved on scroll (coalesced per animation frame),
// the chapter marked read near its end, and the place restored when the reader comes back to it; the left and right arrow
// keys for the previous and next chapter; chapter_view and chapter_depth analytics (docs/product.md, What the pages record).
import { readProgress, saveChapterProgress } from '#lib/reading-progress.ts';
import { track, trackPageView } from './analytics.ts';
import { wireSearch } from './search-launcher.ts';

wireSearch();

const article = document.querySelector<HTMLElement>('[data-story-slug]')!;
const slug = article.dataset['storySlug']!;
const chapterNumber = Number(article.dataset['chapterNumber']);
const openedAt = performance.now();

/** How far through the chapter text the bottom of the screen is, 0 to 1. */
function depth(): number {
  const { top, height } = article.getBoundingClientRect();
  if (height <= 0) return 0;
  return Math.min(1, Math.max(0, (window.innerHeight - top) / height));
}

const saved = readProgress(slug);
if (saved?.chapterIndex === chapterNumber && saved.scrollY > 0 && !location.hash) {
  window.scrollTo({ top: saved.scrollY, behavior: 'instant' });
}

let deepest = depth();
let frame = 0;
function remember(): void {
  frame = 0;
  deepest = Math.max(deepest, depth());
  saveChapterProgress(slug, chapterNumber, window.scrollY, deepest * 100);
}
window.addEventListener(
  'scroll',
  () => {
    if (!frame) frame = requestAnimationFrame(remember);
  },
  { passive: true },
);
remember();

// Arrow keys turn the page, except while the reader types (comment form) or uses a control.
document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target as HTMLElement;
  // Arrow keys inside a control that takes them (a field, the search, the Aa panel) stay there.
  if (target.closest('input, textarea, select, [contenteditable], dialog, .reader-settings-panel')) return;
  const rel = event.key === 'ArrowLeft' ? 'prev' : event.key === 'ArrowRight' ? 'next' : null;
  const link = rel && document.querySelector<HTMLAnchorElement>(`a[rel="${rel}"]`);
  if (link) location.assign(link.href);
});

trackPageView();
track({ event_type: 'chapter_view', content_type: 'chapter', content_id: String(chapterNumber), parent_type: 'story', parent_id: slug });

// Depth is sent only after more than 2 s on the page and more than 5% read.
addEventListener('pagehide', () => {
  const timeMs = Math.round(performance.now() - openedAt);
  if (timeMs <= 2000 || deepest <= 0.05) return;
  track({
    event_type: 'chapter_depth',
    content_type: 'chapter',
    content_id: String(chapterNumber),
    parent_type: 'story',
    parent_id: slug,
    value_num: Math.min(1, Math.max(0, deepest)),
    meta: { time_ms: timeMs },
  });
});

// The line along the header's bottom edge shows how far the reader is (docs/product.md, The
// reader's controls): a transform only, so it costs no layout. Scroll events come once a frame.
const progressLine = document.querySelector<HTMLElement>('[data-reading-progress]');
if (progressLine) {
  const showDepth = () => {
    progressLine.style.transform = `scaleX(${depth()})`;
  };
  window.addEventListener('scroll', showDepth, { passive: true });
  showDepth();
}
