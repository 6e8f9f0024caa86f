// Small building blocks the admin screens share.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

import { useGuardedClose } from './Modal.tsx';

export { failureText } from './data/failure.ts';

export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** A notice; successes clear themselves after `successMs` (3 seconds, as docs/product.md says of saves). */
export function useNotice(successMs = 3000) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: Notice | null) => {
      clearTimeout(timer.current);
      setNotice(next);
      if (next?.kind === 'success') timer.current = setTimeout(() => setNotice(null), successMs);
    },
    [successMs],
  );
  return [notice, show] as const;
}

/** The admin's one notice: an error interrupts (alert), a success or an information waits its turn (status). */
export function NoticeBanner({ notice, children }: { notice: Notice | null; children?: ReactNode }) {
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
      {children}
    </div>
  );
}

interface FieldProps {
  label: string;
  hint?: ReactNode | undefined;
  /** The server's word on this field after a refused save. */
  error?: string | undefined;
  /** Renders the control with the id and the ARIA attributes that tie it to its label, hint and error. */
  children(control: FieldControl): ReactNode;
}

export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One form field: label, control, hint and error. The hint and the error describe the control
 * (aria-describedby) and stay outside the label, so the field's name is its label alone.
 */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface ControlProps<V> {
  label: string;
  hint?: ReactNode | undefined;
  error?: string | undefined;
  value: V;
  onChange(value: V): void;
}

type TextFieldProps = ControlProps<string> & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

export function TextField({ label, hint, error, value, onChange, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

type TextAreaFieldProps = ControlProps<string> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'>;

export function TextAreaField({ label, hint, error, value, onChange, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <textarea {...textarea} {...control} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

type SelectFieldProps<T extends string> = ControlProps<T> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
    options: readonly T[];
    /** What each option shows, when not its value. */
    optionLabels?: Partial<Record<T, string>>;
  };

export function SelectField<T extends string>({
  label,
  hint,
  error,
  value,
  options,
  optionLabels,
  onChange,
  ...select
}: SelectFieldProps<T>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...select} {...control} value={value} onChange={(event) => onChange(event.target.value as T)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabels?.[option] ?? option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** A form's submit button; while `busy` it is disabled and says what is happening. */
export function SubmitButton({ busy, label, busyLabel }: SubmitButtonProps) {
  return (
    <button className="button button-primary" type="submit" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A dialog form's buttons: any extra ones, Cancel, and the submit button. */
export function FormActions({ onCancel, children, ...submit }: SubmitButtonProps & { onCancel(): void; children?: ReactNode }) {
  const cancel = useGuardedClose(onCancel); // in a modal, typed text is not dropped without asking
  return (
    <div className="form-actions">
      {children}
      <button type="button" className="button button-ghost" onClick={cancel}>
        Cancel
      </button>
      <SubmitButton {...submit} />
    </div>
  );
}
