import { describe, expect, it } from 'vitest';
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
