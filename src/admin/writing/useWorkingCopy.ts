// The editor's working copy (docs/product.md, Never losing a word): every change is kept on this
// device and, for a chapter that exists, autosaved to the server after a pause; the device copy
// goes once the server has the text. Offline or signed out, the text waits on the device and is
// sent when the browser is back online or the author has signed in again.
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { SignInAgainContext } from '../data/useSave.ts';
import { AutosaveScheduler, type AutosaveState, sameText, type WorkingText } from './autosave-scheduler.ts';
import { browserStore, type CopyPlace, DeviceCopies } from './device-copy.ts';
import { serverCopies } from './server-copies.ts';

interface Options {
  /** Null for a new chapter: its text is kept on this device only, until the first save creates it. */
  chapterId: number | null;
  storyId: number;
  /** The editor's text; null until the chapter has opened (the first text is not a change). */
  text: WorkingText | null;
  /** The `updated_at` of the chapter the text is written on. */
  baseUpdatedAt: string | null;
}

export const placeOf = (chapterId: number | null, storyId: number): CopyPlace => (chapterId === null ? { storyId } : { chapterId });

export function useWorkingCopy({ chapterId, storyId, text, baseUpdatedAt }: Options) {
  const signInAgain = useContext(SignInAgainContext);
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const [device] = useState(() => new DeviceCopies(browserStore()));
  const current = useRef({ chapterId, storyId, text, baseUpdatedAt });
  current.current = { chapterId, storyId, text, baseUpdatedAt };
  const [scheduler] = useState(
    () =>
      new AutosaveScheduler({
        send: (sent) => serverCopies.autosave(current.current.chapterId ?? 0, sent),
        onState: setState,
        onSaved: () => {
          const { chapterId: id, storyId: story } = current.current;
          void device.clear(placeOf(id, story));
        },
        signInAgain: () => signInAgain(),
        isOnline: () => globalThis.navigator?.onLine !== false,
      }),
  );

  // Each change after the opening text: onto the device, and to the server when the chapter exists.
  const seen = useRef<WorkingText | null>(null);
  useEffect(() => {
    if (!text) return;
    const previous = seen.current;
    seen.current = text;
    if (!previous || sameText(previous, text)) return;
    device.keep(placeOf(chapterId, storyId), text, baseUpdatedAt);
    if (chapterId !== null) scheduler.change(text);
  }, [text, chapterId, storyId, baseUpdatedAt, device, scheduler]);

  useEffect(() => {
    const resume = () => scheduler.resume();
    // A page being hidden may be closed next: what waits is written and sent now.
    const hide = () => {
      void device.flush();
      scheduler.sendNow();
    };
    const hidden = () => document.visibilityState === 'hidden' && hide();
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', hide);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', hide);
      void device.flush();
    };
  }, [device, scheduler]);
  useEffect(() => () => scheduler.dispose(), [scheduler]);

  /** The editor now holds the server's chapter: no change to send, no copy to keep. */
  const replacedBy = useCallback(
    (chapter: WorkingText & { id: number; updated_at: string }) => {
      const text = { title: chapter.title, content: chapter.content };
      seen.current = text;
      void device.clear(placeOf(null, current.current.storyId));
      void device.clear({ chapterId: chapter.id });
      scheduler.serverHas(text, chapter.updated_at, true);
    },
    [device, scheduler],
  );

  /**
   * The author's save of `sent` was answered with `chapter`: when nothing was typed meanwhile,
   * the editor holds the server's chapter; otherwise the newer text keeps its copies and autosave.
   */
  const savedByHand = useCallback(
    (sent: WorkingText, chapter: WorkingText & { id: number; updated_at: string }) => {
      const now = current.current.text;
      if (!now || sameText(now, sent)) replacedBy(chapter);
    },
    [replacedBy],
  );

  return {
    state,
    /** A new chapter's text that is only on this device so far. */
    deviceOnly: chapterId === null && !!text && (text.title !== '' || text.content !== ''),
    savedByHand,
    replacedBy,
    signIn: () => scheduler.signIn(),
    device,
  };
}
