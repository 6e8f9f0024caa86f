import { type FormEvent, useState } from 'react';
import { apiRequest, NetworkError } from '#lib/api-client.ts';
import { NoticeBanner, SubmitButton } from './components.tsx';
import type { AdminUser } from './useSession.ts';

interface LoginFormProps {
  onSignedIn(user: AdminUser): void;
  /** Inside the sign-in-again dialog: the form alone, without the page around it. */
  inDialog?: boolean;
}

export function LoginForm({ onSignedIn, inDialog = false }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { user } = await apiRequest<{ user: AdminUser }>('/api/auth/login', { json: { username, password } });
      onSignedIn(user);
    } catch (caught) {
      setError(caught instanceof NetworkError ? 'Network error' : caught instanceof Error ? caught.message : 'Login failed');
      setBusy(false);
    }
  }

  const fields = (
    <>
      <NoticeBanner notice={error ? { kind: 'error', text: error } : null} />
      <label className="field">
        <span>Username</span>
        <input name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <SubmitButton busy={busy} label="Sign in" busyLabel="Signing in…" />
    </>
  );
  if (inDialog) {
    return (
      <form className="form" onSubmit={submit}>
        {fields}
      </form>
    );
  }
  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Author CMS Admin</h1>
        {fields}
        <a className="quiet-link" href="/">
          ← Back to the site
        </a>
      </form>
    </main>
  );
}
