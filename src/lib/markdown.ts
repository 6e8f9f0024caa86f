// Chapter and blurb Markdown to safe HTML, at build time (sanitised, allowing img with
// src, alt, title and class). Markdown is parsed by marked and the result passes an allow-list
// (sanitize-html): scripts, event handlers, javascript: links, iframes and styles never survive.
// Horizontal rules then become the story's page-break image, which is our own markup.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'em',
    'strong',
    'del',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'class'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Images in a long chapter load as the reader gets near them.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
    // Links to other sites open normally but tell them nothing about the reader.
    a: (tagName, attribs) =>
      /^https?:\/\//i.test(attribs['href'] ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }
        : { tagName, attribs },
  },
};
const TRANSFORMED_ATTRIBUTES = {
  ...ALLOWED.allowedAttributes,
  img: ['src', 'alt', 'title', 'class', 'loading', 'decoding'],
  a: ['href', 'title', 'rel'],
};

/** Markdown to sanitised HTML (blurbs and anything without page breaks). */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, { ...ALLOWED, allowedAttributes: TRANSFORMED_ATTRIBUTES });
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A chapter: its Markdown as safe HTML, every horizontal rule replaced by the page-break image. */
export function renderChapter(markdown: string, pageBreakImage: string): string {
  const pageBreak = `<div class="page-break" role="separator"><img src="${escapeAttribute(pageBreakImage)}" alt="" width="600" height="60" loading="lazy" decoding="async"></div>`;
  return renderMarkdown(markdown).replace(/<hr\s*\/?>/g, pageBreak);
}
