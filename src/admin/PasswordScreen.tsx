import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../lib/limits.ts';
import { apiRequest } from '../lib/api-client.ts';
import { failureText, NoticeBanner, SubmitButton, TextField, useNotice } from './components.tsx';

const EMPTY = { current: '', next: '', confirm: '' };

/** The form's own checks (docs/product.md, Forms and messages); the server checks again. */
export function passwordFormError({ current, next, confirm }: typeof EMPTY): string | null {
  if (!current || !next || !confirm) return 'All fields are required';
  if (next.length < PASSWORD_MIN_LENGTH) return `New password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (next !== confirm) return 'New passwords do not match';
  return null;
}

export function PasswordScreen() {
  const [fields, setFields] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const [notice, showNotice] = useNotice();

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = passwordFormError(fields);
    if (problem) return showNotice({ kind: 'error', text: problem });
    setSaving(true);
    try {
      await apiRequest('/api/auth/change-password', { json: { currentPassword: fields.current, newPassword: fields.next } });
      setFields(EMPTY);
      showNotice({ kind: 'success', text: 'Password changed successfully!' });
    } catch (error) {
      showNotice({ kind: 'error', text: failureText(error, 'Failed to change password') });
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof typeof EMPTY) => ({ value: fields[key], onChange: (value: string) => setFields({ ...fields, [key]: value }) });

  return (
    <>
      <h1>Change Password</h1>
      <NoticeBanner notice={notice} />
      <div className="split">
        <form className="card form" onSubmit={save} noValidate>
          <TextField label="Current Password" type="password" autoComplete="current-password" required {...field('current')} />
          <TextField label="New Password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} {...field('next')} />
          <TextField label="Confirm New Password" type="password" autoComplete="new-password" required {...field('confirm')} />
          <SubmitButton busy={saving} label="Change Password" busyLabel="Changing…" />
        </form>
        <aside className="card" aria-labelledby="requirements-title">
          <h2 id="requirements-title">Password requirements</h2>
          <ul>
            <li>At least {PASSWORD_MIN_LENGTH} characters; a long passphrase is best.</li>
            <li>Different from your current password.</li>
            <li>Changing it signs you out everywhere else.</li>
          </ul>
        </aside>
      </div>
    </>
  );
}
