// The text a chapter's editor opens with (src/admin/writing/opening.ts): decided once per chapter,
// when the chapter, the server's autosave and this device's copy have all been read.
import { useEffect, useState } from 'react';
import { browserStore, DeviceCopies, type WorkingCopy } from './device-copy.ts';
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
export function useOpening(chapter: OpenedChapter | null | undefined, storyId: number): Opening | null {
  const chapterId = chapter?.id ?? null;
  const place = `${storyId}:${chapterId}`;
  const loaded = chapter !== undefined;
  const autosave = useServerAutosave(chapterId);
  const [kept, setKept] = useState<{ place: string; copy: WorkingCopy | null } | null>(null);
  const [decided, setDecided] = useState<{ place: string; opening: Opening } | null>(null);

  useEffect(() => {
    if (!loaded) return;
    let cancelled = false;
    void new DeviceCopies(browserStore())
      .read(placeOf(chapterId, storyId))
      .then((copy) => !cancelled && setKept({ place: `${storyId}:${chapterId}`, copy }));
    return () => {
      cancelled = true;
    };
  }, [loaded, chapterId, storyId]);

  // An autosave that cannot be read (offline) does not keep the chapter closed: it opens without it.
  const autosaveSettled = chapterId === null || !autosave.isPending;
  const ready = chapter !== undefined && kept?.place === place && autosaveSettled && decided?.place !== place;
  useEffect(() => {
    if (ready && chapter !== undefined && kept) setDecided({ place, opening: chooseOpening(chapter, autosave.data ?? null, kept.copy) });
  }, [ready, place, chapter, autosave.data, kept]);

  return decided?.place === place ? decided.opening : null;
}
