// Lands a reader who came from a search result on the matched words (the link's #find=, made by
// resultHref in src/lib/search-results.ts): scrolls the first block of the page holding them into
// view and highlights them. Browsers that follow the link's text fragment have done the same;
// this serves those that do not. Loaded only on such an arrival (src/components/SiteSearch.astro).
import { findPattern, findWords } from '#lib/search-results.ts';

const BLOCKS = 'p, li, blockquote, h1, h2, h3, h4, h5, h6, td, dd, dt, summary, figcaption';
const HIGHLIGHT = 'search-match';
/** How long to wait for a hidden block to show (an adult chapter is shown once its confirmation is read). */
const WAIT_FOR_SHOWN_MS = 3000;

function findRange(root: Element, pattern: RegExp): Range | null {
  for (const block of root.querySelectorAll(BLOCKS)) {
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const match = pattern.exec(nodes.map((node) => node.data).join(''));
    if (!match) continue;
    const start = match.index;
    const end = start + match[0].length;
    const range = document.createRange();
    let offset = 0;
    for (const node of nodes) {
      const next = offset + node.data.length;
      if (start >= offset && start < next) range.setStart(node, start - offset);
      if (end > offset && end <= next) range.setEnd(node, end - offset);
      offset = next;
    }
    return range;
  }
  return null;
}

export function landOnMatch(): void {
  const words = findWords(location.hash);
  const main = document.querySelector('main');
  const range = words && main ? findRange(main, findPattern(words)) : null;
  if (!range) return;
  const target = range.startContainer.parentElement!;
  const started = performance.now();
  const land = () => {
    if (target.getClientRects().length === 0 && performance.now() - started < WAIT_FOR_SHOWN_MS) {
      requestAnimationFrame(land);
      return;
    }
    target.scrollIntoView({ block: 'center' });
    if (!('highlights' in CSS)) return;
    CSS.highlights.set(HIGHLIGHT, new Highlight(range));
    // The rule is added here, not in search.css, which every reader page inlines: the HTML
    // checker cannot parse ::highlight() yet, and only this arrival needs it.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`::highlight(${HIGHLIGHT}) { background: var(--color-accent); color: var(--color-bg); }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  };
  land();
}
