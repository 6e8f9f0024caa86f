// The 18+ question (decision 0024): asked before X galleries and adult stories show
// anything. A modal <dialog>: the page behind is inert, focus stays inside, Escape counts as
// declining. Each place says in its own words what it guards and what declining does.
import { useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  /** What is behind the gate and what confirming opens, in the place's own words. */
  reason: string;
  declineLabel: string;
  onConfirm: () => void;
  onDecline: () => void;
}

export default function AgeGate({ open, reason, declineLabel, onConfirm, onDecline }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="age-gate"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onDecline();
      }}
    >
      <h2 id={`${ids}-title`}>Are you 18 or older?</h2>
      <p id={`${ids}-text`}>{reason} Your answer is remembered on this device.</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          I am 18 or older
        </button>
        <button type="button" className="btn" onClick={onDecline}>
          {declineLabel}
        </button>
      </div>
    </dialog>
  );
}
