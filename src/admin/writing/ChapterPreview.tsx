// The live preview (docs/product.md, The writing desk): the public pages' renderer and sanitiser
// with the story's page-break image and the public chapter typography, redrawn once typing pauses,
// with the word count and reading time readers will see. It renders block by block
// (preview-blocks.ts) and keeps each block's result while its text is unchanged.
import '#src/styles/chapter-text.css';
import { memo, useMemo, useRef } from 'react';
import { readingMinutes, wordCount } from '#lib/chapter-text.ts';
import { renderChapter } from '#lib/markdown.ts';
import { previewBlocks } from './preview-blocks.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { countOf } from '#lib/counts.ts';

/** Short enough to feel live, long enough that a typing burst renders once. */
export const PREVIEW_PAUSE_MS = 100;

interface Rendered {
  html: string;
  words: number;
}

export const ChapterPreview = memo(function ChapterPreview({ content, pageBreakImage }: { content: string; pageBreakImage: string }) {
  const settled = useDebouncedValue(content, PREVIEW_PAUSE_MS);
  const cache = useRef({ pageBreakImage, blocks: new Map<string, Rendered>() });
  const blocks = useMemo(() => {
    const previous = cache.current.pageBreakImage === pageBreakImage ? cache.current.blocks : new Map<string, Rendered>();
    const next = new Map<string, Rendered>();
    const seen = new Map<string, number>();
    const result = previewBlocks(settled).map((block) => {
      const rendered = next.get(block) ?? previous.get(block) ?? { html: renderChapter(block, pageBreakImage), words: wordCount(block) };
      next.set(block, rendered);
      // The same text twice (two page breaks) gets two keys, so an unchanged block keeps its element.
      const count = seen.get(block) ?? 0;
      seen.set(block, count + 1);
      return { key: `${count}:${block}`, ...rendered };
    });
    cache.current = { pageBreakImage, blocks: next };
    return result;
  }, [settled, pageBreakImage]);
  const words = blocks.reduce((sum, block) => sum + block.words, 0);
  return (
    <>
      <p className="muted desk-facts">
        {countOf(words, 'word', 'words')} · about {readingMinutes(words)} min read
      </p>
      <PreviewText blocks={blocks} />
    </>
  );
});

/** Re-rendered only when a pause changed the blocks, not on every keystroke. */
const PreviewText = memo(function PreviewText({ blocks }: { blocks: { key: string; html: string }[] }) {
  return (
    <div className="prose chapter-text desk-preview-text" data-testid="chapter-preview">
      {blocks.map(({ key, html }) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderChapter, as on the public pages
        <div key={key} className="preview-block" dangerouslySetInnerHTML={{ __html: html }} />
      ))}
    </div>
  );
});
