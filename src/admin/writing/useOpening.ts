// The text a chapter's editor opens with (src/admin/writing/opening.ts): decided once, when the
// chapter, the server's autosave and this device's copy have all been read.
import { useEffect, useState } from 'react';
import type { DeviceCopies, WorkingCopy } from './device-copy.ts';
import { chooseOpening, type Opening } from './opening.ts';
import { useServerAutosave } from './server-copies.ts';
import { placeOf } from './useWorkingCopy.ts';

interface OpenedChapter {
  id: number;
  title: string;
  content: string;
  updated_at: string;
}

/** `chapter`: undefined while loading, null for a new chapter. Null until decided. */
export function useOpening(chapter: OpenedChapter | null | undefined, storyId: number, device: DeviceCopies): Opening | null {
  const chapterId = chapter?.id ?? null;
  const loaded = chapter !== undefined;
  const autosave = useServerAutosave(chapterId);
  const [kept, setKept] = useState<{ copy: WorkingCopy | null } | null>(null);
  const [opening, setOpening] = useState<Opening | null>(null);

  useEffect(() => {
    if (!loaded) return;
    let cancelled = false;
    void device.read(placeOf(chapterId, storyId)).then((copy) => !cancelled && setKept({ copy }));
    return () => {
      cancelled = true;
    };
  }, [loaded, chapterId, storyId, device]);

  // An autosave that cannot be read (offline) does not keep the chapter closed: it opens without it.
  const autosaveSettled = chapterId === null || !autosave.isPending;
  useEffect(() => {
    if (opening || chapter === undefined || !kept || !autosaveSettled) return;
    setOpening(chooseOpening(chapter, autosave.data ?? null, kept.copy));
  }, [opening, chapter, kept, autosaveSettled, autosave.data]);

  return opening;
}
