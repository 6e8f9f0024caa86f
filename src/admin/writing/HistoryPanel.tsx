// The History panel (docs/product.md, Never losing a word): the chapter's revisions as a list of
// buttons (time on the author's clock, kind, words and their change); the chosen one shown against
// the editor's text, insertions and deletions named in words as well as marked, and restored after
// a confirmation.
import { useState } from 'react';
import type { Chapter } from '#lib/stories.ts';
import { NoticeBanner } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { useConfirm } from '../Modal.tsx';
import type { WorkingText } from './autosave-scheduler.ts';
import { shortTime } from './autosave-status.ts';
import { changeText, type DiffPart, KIND_LABELS, revisionRows, textDiff } from './history.ts';
import { useRestoreRevision, useRevision, useRevisions } from './server-copies.ts';
import './keeper.css';
import { countOf } from '#lib/counts.ts';

interface Props {
  storyId: number;
  chapterId: number;
  /** The editor's text, which the chosen revision is compared with. */
  current: WorkingText;
  zone: string;
  /** The editor holds changes not saved as the chapter: restoring replaces them too. */
  dirty: boolean;
  onRestored(chapter: Chapter): void;
  onClose(): void;
}

export function HistoryPanel({ onClose, ...props }: Props) {
  const { chapterId, zone } = props;
  const revisions = useRevisions(chapterId);
  const [chosen, setChosen] = useState<number | null>(null);
  const rows = revisionRows(revisions.data ?? []);

  return (
    <section className="history-panel" aria-labelledby="history-title">
      <header className="history-header">
        <h2 id="history-title">History</h2>
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close history
        </button>
      </header>
      {revisions.isPending && <p role="status">Loading revisions…</p>}
      {revisions.isError && <NoticeBanner notice={{ kind: 'error', text: failureText(revisions.error, 'Failed to load the revisions') }} />}
      {revisions.data?.length === 0 && <p>No revisions yet: each save, publish and release keeps one.</p>}
      <ul className="history-list">
        {rows.map((row) => (
          <li key={row.id}>
            <button type="button" className="history-item" aria-pressed={chosen === row.id} onClick={() => setChosen(row.id)}>
              <span className="history-time">{shortTime(row.created_at, zone)}</span>
              <span className="history-kind">{KIND_LABELS[row.kind]}</span>
              <span className="history-words">
                {countOf(row.word_count, 'word', 'words')}
                {row.change === null ? '' : ` (${changeText(row.change)})`}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {chosen !== null && <RevisionView key={chosen} id={chosen} {...props} />}
    </section>
  );
}

function RevisionView({ id, storyId, chapterId, current, zone, dirty, onRestored }: Omit<Props, 'onClose'> & { id: number }) {
  const revision = useRevision(id);
  const restore = useRestoreRevision(storyId, chapterId);
  const { confirm, dialog } = useConfirm();
  if (revision.isPending) return <p role="status">Loading the revision…</p>;
  if (revision.isError)
    return <NoticeBanner notice={{ kind: 'error', text: failureText(revision.error, 'Failed to load the revision') }} />;
  const { title, content, created_at } = revision.data;
  const when = shortTime(created_at, zone);

  const restoreIt = async () => {
    const unsaved = dirty ? ' The changes in the editor that are not saved are replaced too.' : '';
    const message = `Restore the revision of ${when}? The chapter becomes that text, and what it is now stays in the history.${unsaved}`;
    if (!(await confirm(message, 'Restore'))) return;
    restore.mutate({ id, chapterId }, { onSuccess: onRestored });
  };

  return (
    <div className="revision-view">
      <h3>Revision of {when} against the text in the editor</h3>
      {title !== current.title && (
        <p>
          Title then: <q>{title}</q>
        </p>
      )}
      <DiffText before={content} after={current.content} />
      <NoticeBanner
        notice={restore.isError ? { kind: 'error', text: failureText(restore.error, 'Failed to restore the revision') } : null}
      />
      <button type="button" className="button button-primary" disabled={restore.isPending} onClick={() => void restoreIt()}>
        {restore.isPending ? 'Restoring…' : 'Restore this revision'}
      </button>
      {dialog}
    </div>
  );
}

/** Insertions and deletions are underlined and struck through, and named for screen readers. */
function DiffText({ before, after }: { before: string; after: string }) {
  const parts = textDiff(before, after);
  if (parts.every((part) => part.kind === 'same')) return <p>The same text as in the editor.</p>;
  let at = 0;
  return (
    <>
      <p className="history-words">Underlined: added since this revision. Struck through: removed since.</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long scrolled region is reached and scrolled by keyboard */}
      <section className="diff-text" tabIndex={0} aria-label="Changes from this revision to the editor's text">
        {parts.map((part) => {
          // Parts follow each other through the text: where one starts names it.
          const key = `${part.kind}-${at}`;
          at += part.text.length;
          return <DiffPiece key={key} kind={part.kind} text={part.text} />;
        })}
      </section>
    </>
  );
}

const SPOKEN = { added: 'added since', removed: 'removed since' } as const;

function DiffPiece({ kind, text }: DiffPart) {
  if (kind === 'same') return <span>{text}</span>;
  const Mark = kind === 'added' ? 'ins' : 'del';
  return (
    <Mark>
      <span className="visually-hidden">[{SPOKEN[kind]}: </span>
      {text}
      <span className="visually-hidden">]</span>
    </Mark>
  );
}
