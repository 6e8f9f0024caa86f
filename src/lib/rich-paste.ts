// Rich text from Word (desktop and online), Google Docs and LibreOffice to the Markdown chapters
// are written in (docs/product.md, "Importing and pasting"). Used by the editor's paste handler
// (the browser parses) and by the .docx import (the server hands over a parsed node).
import TurndownService from 'turndown';

type Element = HTMLElement;

/** A paragraph made only of these marks is a scene break: `***`, `* * *`, `#`, `~ ~ ~`, `⁂`. */
const SCENE_BREAK = /^(?:[*#~⁂∗✻✼❖◆•·]\s*)+$/u;
// `(?:^|;)`: Word's `mso-bidi-font-weight:normal` says nothing about the weight shown.
const BOLD_WEIGHT = /(?:^|;)\s*font-weight\s*:\s*(?:bold|[6-9]00)/i;
const ITALIC_STYLE = /(?:^|;)\s*font-style\s*:\s*italic/i;
const NORMAL_WEIGHT = /(?:^|;)\s*font-weight\s*:\s*(?:normal|[1-4]00)/i;
const WORD_LIST_LEVEL = /mso-list\s*:\s*l\d+\s+level(\d+)/i;
const DROPPED_TAGS = new Set(['STYLE', 'SCRIPT', 'META', 'TITLE', 'LINK', 'HEAD', 'XML', 'TEMPLATE', 'NOSCRIPT', 'O:P', 'DEL']);
/** Word's comments, list bullets and tracked deletions; Google Docs' comment links. */
const DROPPED_SELECTOR = [
  '.MsoCommentReference',
  '.msocomtxt',
  '.msoDel',
  '[style*="mso-comment-reference"]',
  '[style*="mso-element:comment"]',
  '[style*="mso-special-character:comment"]',
  '[style*="mso-list:Ignore"]',
  'a[href^="#_msocom_"]',
  'a[href^="#cmnt"]',
].join(',');
const INLINE = new Set(['SPAN', 'A', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'SUB', 'SUP', 'FONT', 'CODE', 'IMG', 'BR']);
const TEXT_BLOCKS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TD', 'TH', 'PRE']);

const styleOf = (node: Element) => node.getAttribute('style') ?? '';
const isGoogleWrapper = (node: Element) =>
  (node.nodeName === 'B' || node.nodeName === 'STRONG') && (node.id.startsWith('docs-internal-guid') || NORMAL_WEIGHT.test(styleOf(node)));
/** Google Docs keeps a comment's text in a block that starts with a link back to the comment mark. */
function isGoogleComment(node: Element): boolean {
  const link = node.firstElementChild;
  return link?.nodeName === 'A' && link.id.startsWith('cmnt') && (link.getAttribute('href') ?? '').startsWith('#cmnt_ref');
}
const insideHeading = (node: Element) => node.closest?.('h1,h2,h3,h4,h5,h6') != null;
const isScheme = (src: string) => /^(?:https?:)?\/\//i.test(src) || src.startsWith('/');

/** The nearest sibling that is not blank text, and whether it is text or an inline element. */
function inlineNeighbour(node: Node, next: boolean): boolean {
  let sibling = next ? node.nextSibling : node.previousSibling;
  while (sibling && sibling.nodeType === 3 && !sibling.textContent?.trim()) sibling = next ? sibling.nextSibling : sibling.previousSibling;
  return sibling !== null && (sibling.nodeType === 3 || INLINE.has(sibling.nodeName));
}

/** Google Docs marks an empty line between paragraphs with a `<br>` of its own: not a line break. */
function isBetweenBlocks(br: Element): boolean {
  const parent = br.parentNode as Element | null;
  if (!parent || TEXT_BLOCKS.has(parent.nodeName) || (INLINE.has(parent.nodeName) && !isGoogleWrapper(parent))) return false;
  return !inlineNeighbour(br, false) && !inlineNeighbour(br, true);
}

function wordListItem(content: string, node: Element): string {
  const level = Number(WORD_LIST_LEVEL.exec(styleOf(node))?.[1] ?? 1);
  const marker = node.querySelector('[style*="mso-list:Ignore"]')?.textContent?.trim() ?? '';
  const number = /^(\d+)[.)]/.exec(marker)?.[1];
  const prefix = number ? `${number}. ` : /^[a-z]{1,4}[.)]$/i.test(marker) ? '1. ' : '- ';
  return `\n${'    '.repeat(Math.max(0, level - 1))}${prefix}${content.trim()}\n`;
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    codeBlockStyle: 'fenced',
  });
  // Later rules win (turndown tries the newest first), so the removals come last.
  service.addRule('span-emphasis', {
    filter: (node) =>
      node.nodeName === 'SPAN' && (BOLD_WEIGHT.test(styleOf(node)) || ITALIC_STYLE.test(styleOf(node))) && !insideHeading(node),
    replacement: (content, node) => {
      if (!content.trim()) return content;
      const style = styleOf(node as Element);
      const mark = (BOLD_WEIGHT.test(style) ? '**' : '') + (ITALIC_STYLE.test(style) ? '*' : '');
      return `${mark}${content}${[...mark].reverse().join('')}`;
    },
  });
  // One space after the marker (turndown puts three), as the editor's list shortcut types it.
  service.addRule('list-item', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as Element;
      const start = Number(parent.getAttribute?.('start') ?? 1) || 1;
      const prefix = parent.nodeName === 'OL' ? `${start + Array.prototype.indexOf.call(parent.children, node)}. ` : '- ';
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (node.nextSibling && !body.endsWith('\n') ? '\n' : '');
    },
  });
  service.addRule('unwrap-google', { filter: isGoogleWrapper, replacement: (content) => content });
  service.addRule('word-list-item', {
    filter: (node) => node.nodeName === 'P' && WORD_LIST_LEVEL.test(styleOf(node)),
    replacement: wordListItem,
  });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const img = node as HTMLImageElement;
      const src = img.getAttribute('src') ?? '';
      const alt = (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
      // Pasted file: and data: images and linked images in a .docx are never fetched: their alt text stays.
      return isScheme(src) ? `![${alt.replace(/[[\]]/g, '\\$&')}](${src})` : alt;
    },
  });
  service.addRule('break-between-blocks', {
    filter: (node) => node.nodeName === 'BR' && isBetweenBlocks(node),
    replacement: () => '\n\n',
  });
  service.addRule('scene-break', {
    filter: (node) => /^(?:P|DIV|H[1-6]|CENTER)$/.test(node.nodeName) && SCENE_BREAK.test((node.textContent ?? '').trim()),
    replacement: () => '\n\n---\n\n',
  });
  service.addRule('dropped', {
    // Most nodes have no attributes: the selector is only tried on the others (a 2 MB paste has many nodes).
    filter: (node) =>
      DROPPED_TAGS.has(node.nodeName) || (node.attributes.length > 0 && node.matches(DROPPED_SELECTOR)) || isGoogleComment(node),
    replacement: () => '',
  });
  return service;
}

let service: TurndownService | undefined;

/**
 * Unwraps the spans that only carry fonts and sizes (most of what Word and Google Docs send), so
 * turndown walks far fewer nodes: a 2 MB paste is mostly such spans.
 */
function unwrapPlainSpans(root: Element): Element {
  for (const span of Array.from(root.getElementsByTagName('span'))) {
    const style = styleOf(span);
    if (BOLD_WEIGHT.test(style) || ITALIC_STYLE.test(style) || span.matches(DROPPED_SELECTOR)) continue;
    const parent = span.parentNode!;
    while (span.firstChild) parent.insertBefore(span.firstChild, span);
    parent.removeChild(span);
  }
  root.normalize();
  return root;
}

/** Markdown of a parsed node (the server parses the .docx's HTML itself: see chapters/docx-import). */
export function nodeToMarkdown(node: HTMLElement): string {
  service ??= createService();
  return tidy(service.turndown(unwrapPlainSpans(node)));
}

/**
 * Clean Markdown from clipboard HTML. Never throws: anything the converter cannot take (a nesting
 * too deep to walk, say) comes back as the plain text, so a paste is never lost.
 */
export function richTextToMarkdown(html: string): string {
  try {
    if (nestedDeeperThan(html, MAX_NESTING)) return tidy(plainText(html));
    service ??= createService();
    // The browser's parser, given the whole paste, is several times faster than turndown's way
    // (the text wrapped in one custom element); Node has none and turndown brings its own.
    const input = typeof DOMParser === 'undefined' ? html : unwrapPlainSpans(new DOMParser().parseFromString(html, 'text/html').body);
    return tidy(service.turndown(input));
  } catch {
    return tidy(plainText(html));
  }
}

/** Turndown walks the tree recursively and reads each node's text: deep nesting costs the square of its depth. */
const MAX_NESTING = 500;
const VOID_TAGS = /^(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i;

function nestedDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(/<(\/?)([a-z][\w:-]*)[^>]*?(\/?)>/gi)) {
    if (selfClosing || VOID_TAGS.test(name ?? '')) continue;
    depth += closing ? -1 : 1;
    if (depth > limit) return true;
  }
  return false;
}

function tidy(markdown: string): string {
  // A dropped deletion leaves the spaces on both its sides.
  return markdown
    .replace(/(\S) {2,}(?=\S)/g, '$1 ')
    .replace(/[ \t]+$/gm, (spaces) => (spaces === '  ' ? spaces : ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function plainText(html: string): string {
  return html
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/(p|div|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}
