// Plain-text facts about chapter Markdown, computed at build time: the description search
// engines and feeds show (docs/product.md, Search and sharing), and the word count and reading time readers see.

const WORDS_PER_MINUTE = 230;
export const DESCRIPTION_MAX_LENGTH = 160;
/** The description is the first paragraph longer than this. */
const DESCRIPTION_MIN_PARAGRAPH = 50;

/** Markdown reduced to its words: no markup, links as their text, images, code fences and footnote marks dropped. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[\^[^\]\n]+\]:?/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, ' ')
    .replace(/[*_~`]+/g, '')
    .replace(/[ \t]+/g, ' ');
}

/** Cuts at `max` characters on a word boundary, ending with an ellipsis when something was cut. */
export function truncate(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The first paragraph longer than 50 characters, cut at `max` (160) with an ellipsis ('' when none). */
export function chapterDescription(markdown: string, max = DESCRIPTION_MAX_LENGTH): string {
  const paragraphs = markdownToPlainText(markdown)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim());
  const first = paragraphs.find((paragraph) => paragraph.length > DESCRIPTION_MIN_PARAGRAPH) ?? '';
  return truncate(first, max);
}

export function wordCount(markdown: string): number {
  return markdownToPlainText(markdown)
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes, at least 1 for any text. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
