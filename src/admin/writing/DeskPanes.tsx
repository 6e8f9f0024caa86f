// The editor beside its preview on a wide screen; on a phone the two are tabs. While merging a
// conflict by hand, the other version takes the preview's place.
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { AUTHOR_HTML_TAGS } from '#lib/markdown.ts';
import { ChapterPreview } from './ChapterPreview.tsx';
import { type Conflict, DiffText } from './ConflictView.tsx';
import { MARKDOWN_KEYS } from './markdown-commands.ts';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { sideBySide } from './text-diff.ts';
import { useMediaQuery } from './useMediaQuery.ts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const keyName = (key: string) =>
  key
    .replace('Mod', isMac ? 'Cmd' : 'Ctrl')
    .replace('Alt', isMac ? 'Option' : 'Alt')
    .replace(/-/g, '+');
const SHORTCUTS = `${MARKDOWN_KEYS.map(({ key, help }) => `${keyName(key)} ${help}`).join(', ')}, ${keyName('Mod-f')} find, ${keyName('Mod-s')} save. Escape then Tab leaves the text.`;
/** What the text may hold besides Markdown (docs/product.md, Feeds, books and what a chapter's Markdown may hold). */
const MARKUP_HELP = `Footnotes: text[^1], then [^1]: the note. HTML: ${AUTHOR_HTML_TAGS.join(', ')}, with dir and lang; leave a blank line around Markdown inside a block.`;

interface DeskPanesProps {
  content: string;
  onContent(text: string): void;
  contentError: string | undefined;
  pageBreakImage: string;
  /** The conflict being merged by hand: its other version is shown instead of the preview. */
  theirs: Conflict | null;
}

export function DeskPanes({ content, onContent, contentError, pageBreakImage, theirs }: DeskPanesProps) {
  const narrow = useMediaQuery('(max-width: 50rem)');
  const [tab, setTab] = useState<'write' | 'other'>('write');
  const id = useId();
  const otherLabel = theirs ? 'Other version' : 'Preview';
  const tabs = [
    { key: 'write', label: 'Write' },
    { key: 'other', label: otherLabel },
  ] as const;

  // Arrow keys move between the tabs (the tabs pattern of WAI-ARIA).
  function tabKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'write' ? 'other' : 'write';
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  }

  const panel = (key: 'write' | 'other') =>
    narrow ? { role: 'tabpanel', id: `${id}-panel-${key}`, 'aria-labelledby': `${id}-tab-${key}`, hidden: tab !== key } : {};
  return (
    <div className="desk-panes">
      {narrow && (
        <div role="tablist" aria-label="Write or preview" className="desk-tabs" onKeyDown={tabKey}>
          {tabs.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`${id}-tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`${id}-panel-${key}`}
              tabIndex={tab === key ? 0 : -1}
              onClick={() => setTab(key)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      <section className="desk-pane desk-write" aria-label={narrow ? undefined : 'Write'} {...panel('write')}>
        <p className="muted desk-help">{SHORTCUTS}</p>
        <p className="muted desk-help">{MARKUP_HELP}</p>
        <MarkdownEditor value={content} onChange={onContent} label="Chapter text (Markdown)" />
        {contentError && <p className="field-error">{contentError}</p>}
      </section>
      <section className="desk-pane desk-other" aria-label={narrow ? undefined : otherLabel} {...panel('other')}>
        {theirs ? <OtherVersion conflict={theirs} /> : <ChapterPreview content={content} pageBreakImage={pageBreakImage} />}
      </section>
    </div>
  );
}

function OtherVersion({ conflict }: { conflict: Conflict }) {
  const diff = useMemo(() => sideBySide(conflict.mine.content, conflict.theirs.content), [conflict]);
  return (
    <>
      <p className="muted">
        The version saved elsewhere, its differences from yours marked. Your save replaces it with the text you are editing.
      </p>
      <DiffText segments={diff.after} label="The other version" />
    </>
  );
}
