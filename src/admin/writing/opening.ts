// Which text the editor opens with (docs/product.md, Never losing a word): the server's autosave
// when it is newer than the saved chapter, and an offer of this device's copy when that is newer
// than both and says something else.
import { sameText, type WorkingText } from './autosave-scheduler.ts';
import type { WorkingCopy } from './device-copy.ts';

export interface ServerAutosave extends WorkingText {
  saved_at: string;
}

export interface Opening {
  text: WorkingText;
  /** The server's autosave was opened instead of the saved chapter (the editor says so). */
  fromAutosave: ServerAutosave | null;
  /** Newer text on this device, offered to the author (Use it / Discard). */
  deviceOffer: WorkingCopy | null;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) || 0 : 0);

/** `chapter` is null for a new chapter (opened empty). */
export function chooseOpening(
  chapter: (WorkingText & { updated_at: string }) | null,
  autosave: ServerAutosave | null,
  device: WorkingCopy | null,
): Opening {
  const saved: WorkingText = chapter ? { title: chapter.title, content: chapter.content } : { title: '', content: '' };
  const useAutosave = autosave && time(autosave.saved_at) > time(chapter?.updated_at) && !sameText(autosave, saved);
  const text = useAutosave ? { title: autosave.title, content: autosave.content } : saved;
  const newest = Math.max(time(chapter?.updated_at), time(autosave?.saved_at));
  const offer = device && time(device.saved_locally_at) > newest && !sameText(device, text);
  return { text, fromAutosave: useAutosave ? autosave : null, deviceOffer: offer ? device : null };
}
