// What the editor says about the safety of the text (docs/product.md, Never losing a word): the
// autosave status line for its toolbar, and the notices of the opening (the server's autosave was
// opened; this device has newer text).
import type { AutosaveState, WorkingText } from './autosave-scheduler.ts';
import { autosaveStatusText, shortTime } from './autosave-status.ts';
import type { WorkingCopy } from './device-copy.ts';
import type { ServerAutosave } from './opening.ts';
import './keeper.css';

interface StatusProps {
  state: AutosaveState;
  zone: string;
  /** A new chapter: the text is on this device only until the first save. */
  deviceOnly: boolean;
  onSignIn(): void;
}

export function AutosaveStatus({ state, zone, deviceOnly, onSignIn }: StatusProps) {
  const text = deviceOnly ? 'Not saved yet: kept on this device until you save' : autosaveStatusText(state, zone);
  return (
    <span className="autosave-status" data-state={state.kind}>
      {/* The live region is there from the start, so that screen readers announce its changes. */}
      {text && <span aria-hidden="true"> · </span>}
      <span role="status">{text}</span>
      {state.kind === 'signed-out' && (
        <button type="button" className="button button-ghost keeper-button" onClick={onSignIn}>
          Sign in again
        </button>
      )}
    </span>
  );
}

interface AutosaveOpenedProps {
  autosave: ServerAutosave;
  zone: string;
  /** Loads the saved chapter instead. */
  onBack(): void;
}

export function AutosaveOpened({ autosave, zone, onBack }: AutosaveOpenedProps) {
  return (
    <div className="notice notice-info keeper-notice" role="status">
      Opened the autosaved text of {shortTime(autosave.saved_at, zone)}, newer than the saved chapter.{' '}
      <button type="button" className="button button-ghost keeper-button" onClick={onBack}>
        Back to the saved chapter
      </button>
    </div>
  );
}

interface DeviceOfferProps {
  copy: WorkingCopy;
  zone: string;
  onUse(text: WorkingText): void;
  /** Resolves once the copy is gone, so a reload straight after cannot bring it back. */
  onDiscard(): Promise<void>;
  /** Asks before the copy is thrown away (useConfirm). */
  confirm(message: string, confirmLabel: string): Promise<boolean>;
  /** 'chapter', or 'new chapter' for text of a chapter not created yet. */
  what: string;
}

export function DeviceOffer({ copy, zone, onUse, onDiscard, confirm, what }: DeviceOfferProps) {
  const discard = async () => {
    if (await confirm(`Discard the text of this ${what} kept on this device? It cannot be brought back.`, 'Discard')) await onDiscard();
  };
  return (
    <div className="notice notice-info keeper-notice" role="status">
      This device has newer text of this {what} (saved {shortTime(copy.saved_locally_at, zone)}).{' '}
      <button
        type="button"
        className="button button-primary keeper-button"
        onClick={() => onUse({ title: copy.title, content: copy.content })}
      >
        Use it
      </button>{' '}
      <button type="button" className="button button-ghost keeper-button" onClick={() => void discard()}>
        Discard
      </button>
    </div>
  );
}
