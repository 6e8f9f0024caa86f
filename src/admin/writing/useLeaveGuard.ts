// Leaving the editor with unsaved changes asks first (docs/product.md, The writing desk): closing
// or reloading the tab through the browser's own question, links inside the admin and the back
// and forward buttons (src/admin/leave-guard.ts) through the admin's confirm dialog.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { guardedAddressChanged, guardLeaving } from '../leave-guard.ts';

const QUESTION = 'You have unsaved changes in this chapter. Leave without saving them?';

export function useLeaveGuard(dirty: boolean, confirm: (message: string, confirmLabel?: string) => Promise<boolean>) {
  const [location, navigate] = useLocation();
  const state = useRef({ dirty, confirm, navigate, leaving: false });
  state.current = { ...state.current, dirty, confirm, navigate };

  useEffect(() => {
    if (location) guardedAddressChanged();
  }, [location]);

  useEffect(() => {
    const active = () => state.current.dirty && !state.current.leaving;
    async function ask() {
      const leave = await state.current.confirm(QUESTION, 'Leave');
      state.current.leaving = leave;
      return leave;
    }

    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!active()) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when this is set
    };

    // Capturing on the window runs before the router's own click handler, which it then never sees.
    const click = (event: MouseEvent) => {
      if (!active() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin) return;
      if (!link.pathname.startsWith('/admin')) return;
      event.preventDefault();
      event.stopPropagation();
      const to = link.pathname.slice('/admin'.length) || '/';
      void ask().then((leave) => leave && state.current.navigate(to + link.search));
    };

    const release = guardLeaving({ active, ask });
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    return () => {
      release();
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
    };
  }, []);
}
