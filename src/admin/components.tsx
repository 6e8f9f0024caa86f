// Small building blocks the admin screens share.
import { type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes, useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError } from '../lib/api-client.ts';

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/** A notice; successes clear themselves after `successMs` (docs/product.md, Forms and messages: 3 seconds). */
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

/** The message for a failed save: the network, the server's words, or the screen's fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return 'Network error occurred';
  return error instanceof Error && error.message ? error.message : fallback;
}

export function NoticeBanner({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
}

export function TextField({ label, hint, value, onChange, ...input }: TextFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} value={value} onChange={(event) => onChange(event.target.value)} />
      {hint && <small>{hint}</small>}
    </label>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
}

export function TextAreaField({ label, hint, value, onChange, ...textarea }: TextAreaFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <textarea {...textarea} value={value} onChange={(event) => onChange(event.target.value)} />
      {hint && <small>{hint}</small>}
    </label>
  );
}

interface SelectFieldProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: string;
  value: T;
  options: readonly T[];
  hint?: string;
  onChange(value: T): void;
}

export function SelectField<T extends string>({ label, value, options, hint, onChange, ...select }: SelectFieldProps<T>) {
  return (
    <label className="field">
      <span>{label}</span>
      <select {...select} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {hint && <small>{hint}</small>}
    </label>
  );
}

/** A form's submit button; while `busy` it is disabled and says what is happening. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button className="button button-primary" type="submit" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
