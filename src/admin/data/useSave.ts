// The admin's one way to save (decision 0033): a mutation that invalidates what it changed
// (`invalidates`) and, when the session has expired (401), asks the person to sign in again in
// place and then sends the same save again, so nothing typed is lost.
import { type QueryKey, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError } from '#lib/api-client.ts';

/** Opens the sign-in dialog; resolves once signed in, rejects when the person gives up. */
export const SignInAgainContext = createContext<() => Promise<void>>(() => Promise.reject(new Error('No sign-in dialog here')));

type SaveOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn' | 'meta'> & {
  mutationFn(variables: TVariables): Promise<TData>;
  /** The queries this save changes: refetched before the save counts as done. */
  invalidates?: readonly QueryKey[];
};

export function useSave<TData, TVariables = void>({ mutationFn, invalidates = [], ...options }: SaveOptions<TData, TVariables>) {
  const signInAgain = useContext(SignInAgainContext);
  return useMutation<TData, Error, TVariables>({
    ...options,
    meta: { invalidates },
    mutationFn: async (variables) => {
      try {
        return await mutationFn(variables);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
        await signInAgain().catch(() => {
          throw error; // not signed in again: the save fails as it did
        });
        return mutationFn(variables);
      }
    },
  });
}
