// The live preview of a long chapter renders block by block (docs/product.md, The writing desk):
// the text is cut at blank lines into the blocks Markdown would see anyway, each rendered by the
// public renderer and kept until its text changes, so a keystroke re-renders one paragraph, not
// 20,000 words. Cuts are never made where Markdown reads across a blank line: inside a fenced
// code block, before an indented line (a list item's or a code block's continuation), between the
// items of a list, inside a block of the author's HTML (a <details> spoiler with paragraphs).
// Reference-style link and footnote definitions reach across the whole text: such a text is one
// block.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])[ \t]/;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:/m;
/** The block elements of the HTML an author may write (src/lib/markdown.ts), which may hold blank lines. */
const OPENING_TAG = /<(?:details|div|aside)\b/gi;
const CLOSING_TAG = /<\/(?:details|div|aside)\s*>/gi;

export function previewBlocks(markdown: string): string[] {
  if (REFERENCE_DEFINITION.test(markdown)) return [markdown];
  const blocks: string[] = [];
  let lines: string[] = [];
  let fence: string | null = null;
  let blank = false;
  let openTags = 0;
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null && line.trim() === '') {
      blank = true;
      lines.push(line);
      continue;
    }
    if (blank && fence === null && openTags === 0 && lines.length > 0 && startsBlock(line, lines)) {
      blocks.push(lines.join('\n'));
      lines = [];
    }
    blank = false;
    lines.push(line);
    if (fence === null) openTags = Math.max(0, openTags + (line.match(OPENING_TAG)?.length ?? 0) - (line.match(CLOSING_TAG)?.length ?? 0));
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === null ? marker : null;
  }
  if (lines.length > 0) blocks.push(lines.join('\n'));
  return blocks;
}

/** Whether `line`, after a blank line, starts a block of its own rather than continuing `before`. */
function startsBlock(line: string, before: string[]): boolean {
  if (/^[ \t]/.test(line)) return false;
  if (!LIST_ITEM.test(line)) return true;
  const previous = before.findLast((candidate) => candidate.trim() !== '') ?? '';
  return !(LIST_ITEM.test(previous) || /^[ \t]/.test(previous));
}
