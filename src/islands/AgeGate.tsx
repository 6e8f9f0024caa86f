// The 18+ question (SPEC 2.3): asked the first time a visitor chooses the X rating, and before any
// image of an X gallery opened directly loads. A modal <dialog>: the page behind is inert, focus
// stays inside, Escape counts as declining.
import { useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  onConfirm: () => void;
  onDecline: () => void;
}

export default function GalleryAgeGate({ open, onConfirm, onDecline }: Props) {
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
      <p id={`${ids}-text`}>
        X-rated galleries contain adult content. Confirm that you are at least 18 years old to see them. Your answer is remembered on this
        device.
      </p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          I am 18 or older
        </button>
        <button type="button" className="btn" onClick={onDecline}>
          No, show PG only
        </button>
      </div>
    </dialog>
  );
}
