// The back and forward buttons for a page that asks before it is left (the chapter editor,
// src/admin/writing/useLeaveGuard.ts). The router re-renders on popstate, and the browser runs
// React's update between one popstate listener and the next, so the question must come first: this
// listener is added when the admin's code loads, before the router adds its own.

export interface LeaveGuard {
  /** Whether leaving now would lose something. */
  active(): boolean;
  /** Asks; resolves to whether to leave. */
  ask(): Promise<boolean>;
}

let current: { guard: LeaveGuard; here: string } | null = null;

/** Guards the address shown now, until the returned function is called. */
export function guardLeaving(guard: LeaveGuard): () => void {
  const entry = { guard, here: location.href };
  current = entry;
  return () => {
    if (current === entry) current = null;
  };
}

/** The guarded page's address changed in place (a new chapter's first save). */
export function guardedAddressChanged(): void {
  if (current) current.here = location.href;
}

if (typeof window !== 'undefined') {
  window.addEventListener(
    'popstate',
    (event) => {
      const entry = current;
      if (!entry?.guard.active()) return;
      event.stopImmediatePropagation();
      // The address is put back at once; the router never sees it change.
      history.pushState(history.state, '', entry.here);
      void entry.guard.ask().then((leave) => {
        if (leave) history.back();
      });
    },
    true,
  );
}
