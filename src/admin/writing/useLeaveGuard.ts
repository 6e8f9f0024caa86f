// Leaving the editor with unsaved changes asks first (docs/product.md, The writing desk): closing
// or reloading the tab through the browser's own question, links inside the admin and the back
// button through the admin's confirm dialog.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const QUESTION = 'You have unsaved changes in this chapter. Leave without saving them?';

export function useLeaveGuard(dirty: boolean, confirm: (message: string, confirmLabel?: string) => Promise<boolean>) {
  const [, navigate] = useLocation();
  const state = useRef({ dirty, confirm, navigate, leaving: false, returning: false });
  state.current = { ...state.current, dirty, confirm, navigate };

  useEffect(() => {
    const guarded = () => state.current.dirty && !state.current.leaving;

    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded()) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when this is set
    };

    // Capturing on the window runs before the router's own click handler, which it then never sees.
    const click = (event: MouseEvent) => {
      if (!guarded() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== location.origin) return;
      if (!link.pathname.startsWith('/admin')) return;
      event.preventDefault();
      event.stopPropagation();
      const to = link.pathname.slice('/admin'.length) || '/';
      void ask().then((leave) => leave && state.current.navigate(to + link.search));
    };

    // Back and forward: the address has already changed, so it is put back while the question waits.
    const popState = (event: PopStateEvent) => {
      if (state.current.returning) {
        // The step forward that put the address back: the router never saw it leave.
        state.current.returning = false;
        event.stopImmediatePropagation();
        return;
      }
      if (!guarded()) return;
      event.stopImmediatePropagation();
      state.current.returning = true;
      history.go(1);
      void ask().then((leave) => leave && history.back());
    };

    async function ask() {
      const leave = await state.current.confirm(QUESTION, 'Leave');
      state.current.leaving = leave;
      return leave;
    }

    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    window.addEventListener('popstate', popState, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
      window.removeEventListener('popstate', popState, true);
    };
  }, []);
}
