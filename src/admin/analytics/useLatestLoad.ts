// Runs a load whenever it changes (a new period, segment or story) or a new `round` starts (the
// 'Refresh' button), and keeps what the latest one answered: an older answer that arrives late
// never overwrites a newer choice. The last value stays while the next load runs, so the screen
// does not flash empty.
import { useEffect, useState } from 'react';

export interface LoadState<T> {
  loading: boolean;
  value?: T;
  error?: unknown;
}

export function useLatestLoad<T>(load: () => Promise<T>, round: number): LoadState<T> {
  const [state, setState] = useState<LoadState<T>>({ loading: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round reloads the same load
  useEffect(() => {
    let latest = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (value) => latest && setState({ loading: false, value }),
      (error: unknown) => latest && setState({ loading: false, error }),
    );
    return () => {
      latest = false;
    };
  }, [load, round]);
  return state;
}

/** For the parts whose failures are ignored: the load, answering `empty` instead of failing. */
export function orEmpty<T>(load: () => Promise<T>, empty: T): () => Promise<T> {
  return () => load().catch(() => empty);
}
