// The History panel's facts (docs/product.md, Never losing a word): each revision with the change
// in words against the one before it, and a revision's text against the editor's, word by word.
import { diffLines, diffWords } from 'diff';
import type { ChapterRevisionKind } from '#lib/stories.ts';

export interface RevisionSummary {
  id: number;
  created_at: string;
  kind: ChapterRevisionKind;
  word_count: number;
}

export interface RevisionRow extends RevisionSummary {
  /** Words added (positive) or removed (negative) since the revision before; null for the first. */
  change: number | null;
}

/** The revisions, newest first as the API lists them, each with its change in words. */
export function revisionRows(revisions: readonly RevisionSummary[]): RevisionRow[] {
  return revisions.map((revision, index) => {
    const older = revisions[index + 1];
    return { ...revision, change: older ? revision.word_count - older.word_count : null };
  });
}

/** '+120 words', '−3 words', 'no change', or '' for the first revision. */
export function changeText(change: number | null): string {
  if (change === null) return '';
  if (change === 0) return 'no change';
  const words = Math.abs(change) === 1 ? 'word' : 'words';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)} ${words}`;
}

export const KIND_LABELS: Record<ChapterRevisionKind, string> = {
  manual: 'Saved',
  publish: 'Published',
  release: 'Released',
  autosave: 'Autosave',
  restore: 'Restored',
  import: 'Imported',
};

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Unchanged stretches longer than this show their ends around '…', so the changes stay in view. */
const CONTEXT = 200;
/** Word diffs of very different long texts are slow: past this budget, whole lines are compared. */
const WORD_DIFF_MS = 300;

/** What changed from `before` (the revision) to `after` (the editor's text). */
export function textDiff(before: string, after: string): DiffPart[] {
  const changes = diffWords(before, after, { timeout: WORD_DIFF_MS }) ?? diffLines(before, after);
  return changes.map((change) => {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    return { kind, text: kind === 'same' ? shorten(change.value) : change.value };
  });
}

function shorten(text: string): string {
  if (text.length <= CONTEXT * 2 + 20) return text;
  return `${text.slice(0, CONTEXT)} … ${text.slice(-CONTEXT)}`;
}
