// The live preview (docs/product.md, The writing desk): the public pages' renderer and sanitiser
// with the story's page-break image and the public chapter typography, redrawn once typing pauses,
// with the word count and reading time readers will see.
import '#src/styles/chapter-text.css';
import { memo, useMemo } from 'react';
import { readingMinutes, wordCount } from '#lib/chapter-text.ts';
import { renderChapter } from '#lib/markdown.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

/** Short enough to feel live, long enough that a typing burst renders once. */
export const PREVIEW_PAUSE_MS = 100;

export const ChapterPreview = memo(function ChapterPreview({ content, pageBreakImage }: { content: string; pageBreakImage: string }) {
  const settled = useDebouncedValue(content, PREVIEW_PAUSE_MS);
  const html = useMemo(() => renderChapter(settled, pageBreakImage), [settled, pageBreakImage]);
  const words = useMemo(() => wordCount(settled), [settled]);
  return (
    <>
      <p className="muted desk-facts">
        {words.toLocaleString('en-US')} words · about {readingMinutes(words)} min read
      </p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderChapter, as on the public pages */}
      <div className="prose chapter-text desk-preview-text" data-testid="chapter-preview" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
});
