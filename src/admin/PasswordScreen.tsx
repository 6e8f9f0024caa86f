import { type FormEvent, useState } from 'react';
import type { ChangePasswordInput } from '#functions/auth/schema.ts';
import { apiRequest } from '#lib/api-client.ts';
import { PASSWORD_MIN_LENGTH } from '#lib/limits.ts';
import { failureText, NoticeBanner, SubmitButton, TextField, useNotice } from './components.tsx';
import { fieldErrors } from './data/failure.ts';
import { useSave } from './data/useSave.ts';

/** The server's fields, and the new password once more. */
type PasswordForm = ChangePasswordInput & { confirm: string };
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirm: '' };

/** The form's own checks, at the field they concern; the server checks again. */
export function passwordFormError({
  currentPassword,
  newPassword,
  confirm,
}: PasswordForm): { field: keyof PasswordForm; text: string } | null {
  if (!currentPassword) return { field: 'currentPassword', text: 'All fields are required' };
  if (!newPassword) return { field: 'newPassword', text: 'All fields are required' };
  if (!confirm) return { field: 'confirm', text: 'All fields are required' };
  if (newPassword.length < PASSWORD_MIN_LENGTH)
    return { field: 'newPassword', text: `New password must be at least ${PASSWORD_MIN_LENGTH} characters long` };
  if (newPassword !== confirm) return { field: 'confirm', text: 'New passwords do not match' };
  return null;
}

export function PasswordScreen() {
  const [fields, setFields] = useState(EMPTY);
  const [problem, setProblem] = useState<ReturnType<typeof passwordFormError>>(null);
  const [notice, showNotice] = useNotice();

  const save = useSave({
    mutationFn: ({ currentPassword, newPassword }: PasswordForm) =>
      apiRequest('/api/auth/change-password', { json: { currentPassword, newPassword } }),
    onSuccess: () => {
      setFields(EMPTY);
      showNotice({ kind: 'success', text: 'Password changed successfully!' });
    },
    onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Failed to change password') }),
  });
  const errors: Partial<Record<keyof PasswordForm, string>> = problem ? { [problem.field]: problem.text } : fieldErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = passwordFormError(fields);
    setProblem(found);
    save.reset();
    if (found) return showNotice({ kind: 'error', text: found.text });
    showNotice(null);
    save.mutate(fields);
  }

  const field = (key: keyof PasswordForm) => ({
    value: fields[key],
    error: errors[key],
    onChange: (value: string) => setFields({ ...fields, [key]: value }),
  });

  return (
    <>
      <h1>Change Password</h1>
      <NoticeBanner notice={notice} />
      <div className="split">
        <form className="card form" onSubmit={submit} noValidate>
          <TextField label="Current Password" type="password" autoComplete="current-password" required {...field('currentPassword')} />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            {...field('newPassword')}
          />
          <TextField label="Confirm New Password" type="password" autoComplete="new-password" required {...field('confirm')} />
          <SubmitButton busy={save.isPending} label="Change Password" busyLabel="Changing…" />
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
