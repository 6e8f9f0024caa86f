// A save refused because the chapter changed elsewhere (docs/product.md, The writing desk: no
// silent overwrite): both versions side by side with their differences marked, and the author's
// three ways on. No way loses the author's text: taking the other version can be undone.
import { useId, useMemo } from 'react';
import type { Chapter } from '#lib/stories.ts';
import type { ChapterDraft } from '../stories/chapter-draft.ts';
import { type DiffSegment, sideBySide } from './text-diff.ts';

export interface Conflict {
  /** The author's version when the save was refused. */
  mine: ChapterDraft;
  /** The chapter as it is now on the server. */
  theirs: Chapter;
}

/** A version with its own differences marked; it scrolls, so it takes focus to scroll by keyboard. */
export function DiffText({ segments, label }: { segments: DiffSegment[]; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    // biome-ignore lint/a11y/useSemanticElements: the text keeps its line breaks as a pre
    <pre className="diff-text" role="region" aria-label={label} tabIndex={0}>
      {segments.map((segment, index) =>
        segment.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed diff never move
          <mark key={index}>{segment.text}</mark>
        ) : (
          segment.text
        ),
      )}
    </pre>
  );
}

interface ConflictViewProps {
  conflict: Conflict;
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onMerge(): void;
}

export function ConflictView({ conflict, busy, onKeepMine, onTakeTheirs, onMerge }: ConflictViewProps) {
  const headingId = useId();
  const { mine, theirs } = conflict;
  const diff = useMemo(() => sideBySide(mine.content, theirs.content), [mine.content, theirs.content]);
  const changed = new Date(theirs.updated_at).toLocaleString();
  return (
    <section className="conflict card" aria-labelledby={headingId}>
      <h2 id={headingId}>This chapter was changed elsewhere</h2>
      <p>
        Someone saved it (another tab, another device, or the reader's Edit button) at {changed}, after you opened it. Nothing has been
        overwritten. Compare the two versions and choose how to go on.
      </p>
      <div className="conflict-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="button button-ghost" disabled={busy} onClick={onTakeTheirs}>
          Take theirs
        </button>
        <button type="button" className="button button-ghost" disabled={busy} onClick={onMerge}>
          Merge by hand
        </button>
      </div>
      <div className="conflict-sides">
        <div>
          <h3>Your version{mine.title !== theirs.title && `: “${mine.title}”`}</h3>
          <DiffText segments={diff.before} label="Your version" />
        </div>
        <div>
          <h3>The other version{mine.title !== theirs.title && `: “${theirs.title}”`}</h3>
          <DiffText segments={diff.after} label="The other version" />
        </div>
      </div>
      {!diff.differs && <p className="muted">The texts are the same; other fields may differ.</p>}
    </section>
  );
}
