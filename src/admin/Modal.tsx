// Dialogs of the admin: a modal for forms and pickers, and an in-page confirmation that
// replaces window.confirm. Both are native <dialog> elements opened with showModal(), so
// focus is trapped, Escape closes them and the rest of the page is inert while they are open.
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider dialogs for forms with many fields. */
  size?: 'normal' | 'wide';
}

export function Modal({ title, onClose, children, size = 'normal' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: let the owner decide (it unmounts the dialog)
        onClose();
      }}
    >
      <header className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button-ghost icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}

interface PendingConfirmation {
  message: string;
  confirmLabel: string;
  resolve(answer: boolean): void;
}

/**
 * `confirm(message)` resolves true or false once the person answers; render `dialog` somewhere
 * in the screen. Destructive actions use it (docs/product.md, Forms and messages).
 */
export function useConfirm() {
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const confirm = useCallback(
    (message: string, confirmLabel = 'Delete') => new Promise<boolean>((resolve) => setPending({ message, confirmLabel, resolve })),
    [],
  );
  const answer = (value: boolean) => {
    pending?.resolve(value);
    setPending(null);
  };
  const dialog = pending && (
    <Modal title="Please confirm" onClose={() => answer(false)}>
      <p className="confirm-message">{pending.message}</p>
      <div className="form-actions">
        <button type="button" className="button button-ghost" onClick={() => answer(false)}>
          Cancel
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: a confirmation dialog moves focus to its answer when it opens */}
        <button type="button" className="button button-danger" autoFocus onClick={() => answer(true)}>
          {pending.confirmLabel}
        </button>
      </div>
    </Modal>
  );
  return { confirm, dialog };
}
