// What a reader sees of a chapter between its heading and its navigation (docs/product.md, The
// writing desk): the content warnings first, then the author's note before, the text and the
// note after, each note in its own box that folds away. One HTML string, so the built chapter page
// and the preview island (React, loaded from the API) show exactly the same; styles in
// src/styles/reader.css.
import { escapeHtml } from './html-text.ts';
import { noteFootnotes, renderChapter, renderMarkdown } from './markdown.ts';
import type { Chapter } from './stories.ts';

export type ChapterBodyParts = Pick<Chapter, 'content' | 'note_before' | 'note_after' | 'content_warnings'>;

function warningsBox(warnings: readonly string[]): string {
  if (warnings.length === 0) return '';
  const items = warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('');
  return `<section class="content-warnings" aria-labelledby="content-warnings-title"><h2 id="content-warnings-title">Content warnings</h2><ul>${items}</ul></section>`;
}

function noteBox(markdown: string, place: 'before' | 'after'): string {
  if (markdown.trim() === '') return '';
  return `<details class="author-note author-note-${place}" open><summary>Author's note</summary><div class="prose">${renderMarkdown(markdown, noteFootnotes(place))}</div></details>`;
}

/** The warnings, notes and text as safe HTML (every Markdown part through the sanitiser of src/lib/markdown.ts). */
export function chapterBodyHtml(chapter: ChapterBodyParts, pageBreakImage: string): string {
  return [
    warningsBox(chapter.content_warnings),
    noteBox(chapter.note_before, 'before'),
    `<div class="prose chapter-text">${renderChapter(chapter.content, pageBreakImage)}</div>`,
    noteBox(chapter.note_after, 'after'),
  ].join('');
}
