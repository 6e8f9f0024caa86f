import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceCopies, type KeyValueStore, localStore } from './device-copy.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW = new Date('2026-11-26T12:04:00.000Z');
const chapter = { chapterId: 7 };

describe('working copies on the device', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the newest text per chapter shortly after typing, with when and on which saved chapter it was written', async () => {
    const storage = memoryStorage();
    const copies = new DeviceCopies(localStore(storage), () => NOW, 300);
    copies.keep(chapter, { title: 'T', content: 'one' }, '2026-11-26T10:00:00.000Z');
    copies.keep(chapter, { title: 'T', content: 'one two' }, '2026-11-26T10:00:00.000Z');
    expect(storage.items.size).toBe(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(await copies.read(chapter)).toEqual({
      title: 'T',
      content: 'one two',
      saved_locally_at: NOW.toISOString(),
      base_updated_at: '2026-11-26T10:00:00.000Z',
    });
    expect(await copies.read({ chapterId: 8 })).toBeNull();
    expect(await copies.read({ storyId: 7 })).toBeNull(); // a story's new chapter is kept apart
  });

  it('drops the copy and any waiting write once the server has the text', async () => {
    const storage = memoryStorage();
    const copies = new DeviceCopies(localStore(storage), () => NOW, 300);
    copies.keep({ storyId: 3 }, { title: '', content: 'new chapter' }, null);
    await copies.flush();
    expect(await copies.read({ storyId: 3 })).toMatchObject({ content: 'new chapter', base_updated_at: null });
    copies.keep({ storyId: 3 }, { title: '', content: 'new chapter!' }, null);
    await copies.clear({ storyId: 3 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await copies.read({ storyId: 3 })).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('reads a damaged or foreign value as nothing, and a store that refuses never throws', async () => {
    const storage = memoryStorage();
    storage.items.set('working-copy:chapter:7', '{"title":1}');
    expect(await new DeviceCopies(localStore(storage)).read(chapter)).toBeNull();
    storage.items.set('working-copy:chapter:7', 'not json');
    expect(await new DeviceCopies(localStore(storage)).read(chapter)).toBeNull();

    const refusing: KeyValueStore = {
      get: () => Promise.reject(new Error('blocked')),
      set: () => Promise.reject(new Error('quota')),
      del: () => Promise.reject(new Error('blocked')),
    };
    const copies = new DeviceCopies(refusing);
    copies.keep(chapter, { title: 'T', content: 'x' }, null);
    await copies.flush();
    await copies.clear(chapter);
    expect(await copies.read(chapter)).toBeNull();
    expect(await new DeviceCopies(localStore(null)).read(chapter)).toBeNull();
  });
});
