// The admin's data layer around a screen (decision 0033): the QueryClient, and the dialog that
// asks for the password again when a save meets an expired session (src/admin/data/useSave.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { LoginForm } from '../LoginForm.tsx';
import { Modal } from '../Modal.tsx';
import { createQueryClient } from './client.ts';
import { SignInAgainContext } from './useSave.ts';

export function DataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const [waiting, setWaiting] = useState<PromiseWithResolvers<void> | null>(null);
  const current = useRef<PromiseWithResolvers<void> | null>(null);

  // Saves that meet the expired session together wait for the same sign-in.
  const signInAgain = useCallback(() => {
    if (!current.current) {
      current.current = Promise.withResolvers<void>();
      setWaiting(current.current);
    }
    return current.current.promise;
  }, []);

  const finish = (signedIn: boolean) => {
    if (signedIn) current.current?.resolve();
    else current.current?.reject(new Error('Not signed in again'));
    current.current = null;
    setWaiting(null);
  };

  return (
    <QueryClientProvider client={client}>
      <SignInAgainContext value={signInAgain}>
        {children}
        {waiting && (
          <Modal title="Sign in again" onClose={() => finish(false)}>
            <p>Your session has ended. Sign in again and your change is saved; nothing you typed is lost.</p>
            <LoginForm inDialog onSignedIn={() => finish(true)} />
          </Modal>
        )}
      </SignInAgainContext>
    </QueryClientProvider>
  );
}
