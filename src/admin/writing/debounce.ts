// Runs work once typing pauses: each call restarts the wait, and only the last call's arguments run.

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Runs the waiting call now (nothing when none waits). */
  flush(): void;
  /** Drops the waiting call. */
  cancel(): void;
}

export function debounce<A extends unknown[]>(run: (...args: A) => void, waitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const fire = () => {
    clearTimeout(timer);
    const args = pending;
    pending = null;
    if (args) run(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    clearTimeout(timer);
    timer = setTimeout(fire, waitMs);
  };
  debounced.flush = fire;
  debounced.cancel = () => {
    clearTimeout(timer);
    pending = null;
  };
  return debounced;
}
