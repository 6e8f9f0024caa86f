// The admin's auth state: loading until the session check ends; the user when it returns one;
// cleared on 401 or any error. Signing out (this device, or every device: decision 0034) clears
// the local user even if the call fails.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiRequest } from '#lib/api-client.ts';

export interface AdminUser {
  id: number;
  username: string;
  role: string;
}

export type SessionState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: AdminUser };

export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    apiRequest<{ user: AdminUser }>('/api/auth/me')
      .then(({ user }) => !cancelled && setState({ status: 'signed-in', user }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status !== 401) console.warn('Auth check failed', error.status);
        if (!cancelled) setState({ status: 'signed-out' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signedIn = useCallback((user: AdminUser) => setState({ status: 'signed-in', user }), []);
  const signOut = useCallback(async (everywhere: boolean) => {
    try {
      await apiRequest(everywhere ? '/api/auth/logout-everywhere' : '/api/auth/logout', { method: 'POST' });
    } catch {
      // Signing out locally matters more than the server's answer.
    }
    setState({ status: 'signed-out' });
  }, []);

  return { state, signedIn, signOut };
}
