import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../scripts/test/memory-storage.ts';
import { assertSafeKey } from './storage.ts';

describe('assertSafeKey', () => {
  it.each([
    'covers/abc.webp',
    'general/x_y-1.png',
    'top-level.png',
    'covers/2026/3f2a9c.webp',
    'covers/Mixed-Case_File.JPG',
    'covers/a..b.png', // dots inside a name are not traversal
    `covers/${'a'.repeat(200)}`,
  ])('accepts %j and returns it', (key) => {
    expect(assertSafeKey(key)).toBe(key);
  });

  it.each([
    ['parent traversal', '../etc/passwd'],
    ['traversal in the middle', 'covers/../../x'],
    ['a trailing ..', 'covers/..'],
    ['a bare ..', '..'],
    ['a . segment', 'covers/./x.png'],
    ['an absolute path', '/abs'],
    ['an absolute path with traversal', '/etc/passwd'],
    ['an empty segment', 'a//b'],
    ['the empty key', ''],
    ['a trailing slash', 'covers/'],
    ['a hidden file', 'covers/.hidden'],
    ['a backslash path', 'covers\\..\\x'],
    ['a Windows drive', 'C:/x.png'],
    ['a space', 'covers/a b.png'],
    ['a newline at the end', 'covers/x.png\n'],
    ['a NUL byte', 'covers/x.png\0.jpg'],
    ['an upper-case folder', 'Covers/x.png'],
    ['a URL', 'https://evil.example/x.png'],
    ['a name over 200 characters', `covers/${'a'.repeat(201)}`],
  ])('rejects %s', (_name, key) => {
    expect(() => assertSafeKey(key)).toThrow(`Unsafe storage key: ${JSON.stringify(key)}`);
  });
});

describe('MemoryStorage', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('round-trips put, get, list and delete', async () => {
    const storage = new MemoryStorage();
    const before = Math.floor(Date.now() / 1000);
    await storage.put('covers/a.webp', bytes('cover-a'), 'image/webp');
    await storage.put('covers/b.png', bytes('bb'), 'image/png');
    await storage.put('general/c.txt', bytes('c'), 'text/plain');

    const file = await storage.get('covers/a.webp');
    expect(file).toEqual({ body: bytes('cover-a'), contentType: 'image/webp' });
    expect(await storage.get('covers/missing.webp')).toBeNull();

    const covers = await storage.list('covers');
    expect(covers.map(({ key, size }) => ({ key, size })).sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: 'covers/a.webp', size: 7 },
      { key: 'covers/b.png', size: 2 },
    ]);
    for (const { modified } of covers) {
      expect(modified).toBeGreaterThanOrEqual(before);
      expect(modified).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    }
    expect(await storage.list('general')).toHaveLength(1);

    expect(await storage.delete('covers/a.webp')).toBe(true);
    expect(await storage.delete('covers/a.webp')).toBe(false);
    expect(await storage.get('covers/a.webp')).toBeNull();
    expect((await storage.list('covers')).map((f) => f.key)).toEqual(['covers/b.png']);
  });

  it('overwrites a key on a second put', async () => {
    const storage = new MemoryStorage();
    await storage.put('covers/a.webp', bytes('old'), 'image/webp');
    await storage.put('covers/a.webp', bytes('newer'), 'image/png');
    expect(await storage.get('covers/a.webp')).toEqual({ body: bytes('newer'), contentType: 'image/png' });
    expect(await storage.list('covers')).toHaveLength(1);
  });

  it('refuses unsafe keys on every operation', async () => {
    const storage = new MemoryStorage();
    await expect(storage.put('../x.png', bytes('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete('covers/../../x')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.list('')).rejects.toThrow(/Unsafe storage folder/);
    await expect(storage.list('../x')).rejects.toThrow(/Unsafe storage folder/);
  });
});
