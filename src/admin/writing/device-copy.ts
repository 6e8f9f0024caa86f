// The working copy kept on this device (docs/product.md, Never losing a word): written shortly
// after every change, per chapter (per story for a chapter not created yet), and removed once the
// server has the text. IndexedDB through idb-keyval; localStorage where IndexedDB is unavailable.
import { createStore, del, get, set } from 'idb-keyval';
import { z } from 'zod';
import type { WorkingText } from './autosave-scheduler.ts';

export interface WorkingCopy extends WorkingText {
  /** When this device kept the text (ISO). */
  saved_locally_at: string;
  /** The chapter's `updated_at` the text was written on (null for a new chapter). */
  base_updated_at: string | null;
}

export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** Where a working copy belongs: a chapter, or the next new chapter of a story. */
export type CopyPlace = { chapterId: number } | { storyId: number };

export const copyKey = (place: CopyPlace) =>
  'chapterId' in place ? `working-copy:chapter:${place.chapterId}` : `working-copy:new-chapter:${place.storyId}`;

const copySchema = z.object({
  title: z.string(),
  content: z.string(),
  saved_locally_at: z.string(),
  base_updated_at: z.string().nullable(),
});

export const DEVICE_DELAY_MS = 300;

/** Keeps and reads the working copies of one editor; writes wait for a short pause in typing. */
export class DeviceCopies {
  private pending: ReturnType<typeof setTimeout> | undefined;
  private write: (() => Promise<void>) | undefined;

  private readonly store: KeyValueStore;
  private readonly now: () => Date;
  private readonly delayMs: number;

  constructor(store: KeyValueStore, now: () => Date = () => new Date(), delayMs = DEVICE_DELAY_MS) {
    this.store = store;
    this.now = now;
    this.delayMs = delayMs;
  }

  keep(place: CopyPlace, text: WorkingText, baseUpdatedAt: string | null): void {
    clearTimeout(this.pending);
    const copy: WorkingCopy = { ...text, saved_locally_at: this.now().toISOString(), base_updated_at: baseUpdatedAt };
    this.write = () => this.store.set(copyKey(place), copy);
    this.pending = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes a waiting copy now (the page is being hidden or closed). */
  async flush(): Promise<void> {
    clearTimeout(this.pending);
    const write = this.write;
    this.write = undefined;
    await write?.().catch(() => {}); // a full or blocked store: the server copy is the other safety
  }

  /** The server has the text: the waiting write (of that same text) is dropped with the copy. */
  async clear(place: CopyPlace): Promise<void> {
    clearTimeout(this.pending);
    this.write = undefined;
    await this.store.del(copyKey(place)).catch(() => {});
  }

  /** The copy kept for this place, or null (none, or unreadable). */
  async read(place: CopyPlace): Promise<WorkingCopy | null> {
    const stored = await this.store.get(copyKey(place)).catch(() => undefined);
    const parsed = copySchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  }
}

/**
 * The browser's store: IndexedDB, and localStorage (JSON) where IndexedDB is missing or refuses
 * (some private modes); when both refuse, the calls reject and the callers above carry on.
 */
export function browserStore(): KeyValueStore {
  const local = localStore(localStorageIfAllowed());
  if (typeof indexedDB === 'undefined') return local;
  const idb = createStore('author-site-writing', 'working-copies');
  return {
    get: (key) => get(key, idb).catch(() => local.get(key)),
    set: (key, value) => set(key, value, idb).catch(() => local.set(key, value)),
    del: (key) => del(key, idb).catch(() => local.del(key)),
  };
}

export function localStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): KeyValueStore {
  const use = async <T>(action: (storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) => T) => {
    if (!storage) throw new Error('No storage on this device');
    return action(storage);
  };
  return {
    get: (key) => use((s) => JSON.parse(s.getItem(key) ?? 'null')),
    set: (key, value) => use((s) => s.setItem(key, JSON.stringify(value))),
    del: (key) => use((s) => s.removeItem(key)),
  };
}

function localStorageIfAllowed(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // reading it throws where the browser blocks storage
  }
}
