// Dialogs of the admin: a modal for forms and pickers, and an in-page confirmation that
// replaces window.confirm. Both are native <dialog> elements opened with showModal(), so
// focus is trapped, Escape closes them and the rest of the page is inert while they are open.
// A modal in which something was typed asks before it closes, however it is closed (Escape,
// ×, a form's Cancel): docs/product.md, "Importing and pasting" and Forms of the admin.
import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider dialogs for forms with many fields. */
  size?: 'normal' | 'wide';
}

/** Closes the modal around it, asking first when something was typed in it; then runs `close`. */
type GuardedClose = (close: () => void) => void;
const GuardedCloseContext = createContext<GuardedClose | null>(null);

/** `close` behind the surrounding modal's question, or `close` itself outside a modal. */
export function useGuardedClose(close: () => void): () => void {
  const guarded = useContext(GuardedCloseContext);
  return guarded ? () => guarded(close) : close;
}

/** Inputs that take no typed text (a password typed into a sign-in form is not worth keeping either). */
const NOT_TYPED = new Set(['password', 'checkbox', 'radio', 'file', 'range', 'color', 'button', 'submit', 'reset', 'image', 'hidden']);
/** Typing in a text field or text area makes a form worth asking about before it closes. */
const isTyping = (event: FormEvent) =>
  !(event.target instanceof HTMLInputElement && NOT_TYPED.has(event.target.type)) && !(event.target instanceof HTMLSelectElement);

export function Modal({ title, onClose, children, size = 'normal' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const typed = useRef(false);
  const { confirm, dialog: question } = useConfirm();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const guardedClose = useCallback<GuardedClose>(
    (close) => {
      if (!typed.current) return close();
      void confirm('Discard your changes?', 'Discard', 'Keep editing').then((discard) => discard && close());
    },
    [confirm],
  );

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      onInput={(event) => {
        if (isTyping(event)) typed.current = true;
      }}
      onCancel={(event) => {
        event.preventDefault(); // Escape: let the owner decide (it unmounts the dialog)
        // A nested dialog's Escape (the question itself, a picker) is that dialog's business.
        if (event.target === event.currentTarget) guardedClose(onClose);
      }}
    >
      <header className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button-ghost icon-button" aria-label="Close" onClick={() => guardedClose(onClose)}>
          ×
        </button>
      </header>
      <div className="modal-body">
        <GuardedCloseContext.Provider value={guardedClose}>{children}</GuardedCloseContext.Provider>
      </div>
      {question}
    </dialog>
  );
}

interface PendingConfirmation {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve(answer: boolean): void;
}

/**
 * `confirm(message)` resolves true or false once the person answers; render `dialog` somewhere
 * in the screen. Destructive actions use it (docs/product.md, Forms and messages).
 */
export function useConfirm() {
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const confirm = useCallback(
    (message: string, confirmLabel = 'Delete', cancelLabel = 'Cancel') =>
      new Promise<boolean>((resolve) => setPending({ message, confirmLabel, cancelLabel, resolve })),
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
          {pending.cancelLabel}
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
