import { type FormEvent, useState } from 'react';
import { apiRequest, NetworkError } from '../lib/api-client.ts';
import { SubmitButton } from './components.tsx';
import type { AdminUser } from './useSession.ts';

export function LoginForm({ onSignedIn }: { onSignedIn(user: AdminUser): void }) {
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

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Author CMS Admin</h1>
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
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
        <a className="quiet-link" href="/">
          ← Back to the site
        </a>
      </form>
    </main>
  );
}
