// Chapter and blurb Markdown to safe HTML, at build time. Markdown is parsed by marked (chapters
// and author's notes with footnotes, marked-footnote) and the result passes an allow-list
// (sanitize-html): scripts, event handlers, javascript: links, iframes and styles never survive;
// the HTML an author may write is listed in docs/product.md (Feeds, books and what a chapter's
// Markdown may hold). Horizontal rules then become the story's page-break image, our own markup.
import { Marked } from 'marked';
import markedFootnote from 'marked-footnote';
import sanitizeHtml from 'sanitize-html';
import { withoutControlCharacters } from './safe-text.ts';

/** The footnotes' ids in a chapter's text; each author's note has its own (ids are unique per page). */
export const CHAPTER_FOOTNOTES = 'fn-';
export const noteFootnotes = (place: 'before' | 'after') => `note-${place}-fn-`;

const OPTIONS = { gfm: true, breaks: false, async: false } as const;
const plain = new Marked(OPTIONS);

/**
 * The footnotes' ids and classes carry a control character (which no author text can hold: it is
 * stripped first) until the sanitiser takes it out: only those made by the footnotes survive,
 * never one the author wrote.
 */
const MARK = '\u0001';
const FOOTNOTES_CLASS = 'footnotes';
const HIDDEN_CLASS = 'visually-hidden';
/**
 * marked-footnote looks each reference up in a list, so its work grows with the square of the
 * notes: past this many definitions a text is rendered without them (about 0.1 s at the limit).
 */
export const FOOTNOTE_LIMIT = 1000;
const FOOTNOTE_DEFINITION = /^\[\^[^\]\n]+\]:/gm;

/** A parser for one text: marked-footnote keeps state between parses, which a failed parse would leave behind. */
function parser(markdown: string, footnoteIds: string | undefined): Marked {
  if (footnoteIds === undefined || (markdown.match(FOOTNOTE_DEFINITION)?.length ?? 0) > FOOTNOTE_LIMIT) return plain;
  const footnotes = markedFootnote({
    prefixId: `${footnoteIds}${MARK}`,
    description: 'Notes',
    sectionClass: `${FOOTNOTES_CLASS}${MARK}`,
    headingClass: `${HIDDEN_CLASS}${MARK}`,
    backRefLabel: 'Back to note {0}',
  });
  return new Marked(OPTIONS).use(footnotes);
}

/** Markup the author may write as raw HTML, beside what Markdown itself produces. */
export const AUTHOR_HTML_TAGS = ['details', 'summary', 'div', 'aside', 'span', 'sup', 'sub', 'small', 'mark', 'abbr', 'ruby', 'rt', 'rp'];
/** What Markdown and the footnotes produce. */
const MARKDOWN_TAGS = [
  ...['p', 'br', 'hr', 'em', 'strong', 'del', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'code', 'pre'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption', 'section'],
];
/** Every element the sanitiser lets through. */
export const SANITIZER_TAGS = [...MARKDOWN_TAGS, ...AUTHOR_HTML_TAGS];

const ALLOWED_ATTRIBUTES = {
  '*': ['dir', 'lang', 'id'],
  a: ['href', 'title', 'rel', 'aria-describedby', 'aria-label'],
  img: ['src', 'alt', 'title', 'class', 'loading', 'decoding'],
  ol: ['start'],
  details: ['open'],
  abbr: ['title'],
  section: ['class'],
  h2: ['class'],
};

/** A language tag's shape (BCP 47: a two- or three-letter language, then subtags); the value is the author's. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;
/** An id as HTML and the book's XHTML both accept (an XML name): marked-footnote percent-encodes labels. */
const safeId = (id: string) => id.replace(/[^A-Za-z0-9_.-]/g, (c) => (c === '%' ? '_' : `_${c.charCodeAt(0).toString(16)}`));

/** A value the footnotes wrote (an id, `#id`), unmarked and made safe; null for anything the author wrote. */
function footnoteValue(value: string | undefined, footnoteIds: string | undefined): string | null {
  if (footnoteIds === undefined || value === undefined) return null;
  const hash = value.startsWith('#') ? '#' : '';
  const marked = `${hash}${footnoteIds}${MARK}`;
  return value.startsWith(marked) ? `${hash}${footnoteIds}${safeId(value.slice(marked.length))}` : null;
}

/**
 * One sanitiser run: ids survive only where the footnotes put them (under `footnoteIds`), once
 * each, so no author markup can clash with them or with the page's own ids.
 */
function sanitizerOptions(footnoteIds: string | undefined): sanitizeHtml.IOptions {
  const seen = new Set<string>();
  return {
    allowedTags: SANITIZER_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: { section: [FOOTNOTES_CLASS], h2: [HIDDEN_CLASS] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      // Images in a long chapter load as the reader gets near them.
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
      // Links to other sites open normally but tell them nothing about the reader.
      a: (tagName, attribs) => {
        const href = attribs['href'] ?? '';
        if (href.startsWith('#')) return { tagName, attribs: { ...attribs, href: footnoteValue(href, footnoteIds) ?? href } };
        return /^https?:\/\//i.test(href)
          ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }
          : { tagName, attribs };
      },
      section: (tagName, { class: className, ...attribs }) => ({
        tagName,
        attribs: className === `${FOOTNOTES_CLASS}${MARK}` ? { ...attribs, class: FOOTNOTES_CLASS } : attribs,
      }),
      h2: (tagName, { class: className, ...attribs }) => ({
        tagName,
        attribs: className === `${HIDDEN_CLASS}${MARK}` ? { ...attribs, class: HIDDEN_CLASS } : attribs,
      }),
      '*': (tagName, attribs) => {
        const { dir, lang, id, 'aria-describedby': describedBy, ...kept } = attribs;
        if (dir === 'ltr' || dir === 'rtl' || dir === 'auto') kept['dir'] = dir;
        if (lang !== undefined && LANGUAGE_TAG.test(lang)) kept['lang'] = lang;
        const label = footnoteValue(describedBy, footnoteIds);
        if (label) kept['aria-describedby'] = label;
        const footnoteId = footnoteValue(id, footnoteIds);
        if (footnoteId && !seen.has(footnoteId)) {
          seen.add(footnoteId);
          kept['id'] = footnoteId;
        }
        return { tagName, attribs: kept };
      },
    },
  };
}

/**
 * Markdown to sanitised HTML. Blurbs, shown many to a page, have no footnotes; a chapter's text
 * and its notes pass `footnoteIds`, the prefix of their footnotes' ids.
 */
export function renderMarkdown(markdown: string, footnoteIds?: string): string {
  const text = withoutControlCharacters(markdown);
  const html = parser(text, footnoteIds).parse(text) as string;
  // Character references (`&#7;`) become characters in the sanitiser: dropped again after it.
  return withoutControlCharacters(sanitizeHtml(html, sanitizerOptions(footnoteIds)));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A chapter: its Markdown as safe HTML, every horizontal rule replaced by the page-break image. */
export function renderChapter(markdown: string, pageBreakImage: string): string {
  const pageBreak = `<div class="page-break" role="separator"><img src="${escapeAttribute(pageBreakImage)}" alt="" width="600" height="60" loading="lazy" decoding="async"></div>`;
  return renderMarkdown(markdown, CHAPTER_FOOTNOTES).replace(/<hr\s*\/?>/g, pageBreak);
}
