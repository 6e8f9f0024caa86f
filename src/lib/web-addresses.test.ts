import { describe, expect, it } from 'vitest';
import { isImageAddress, isSitePath, isWebUrl, lowerCaseScheme } from './web-addresses.ts';

describe('isSitePath', () => {
  it.each(['/images/default-cover.jpg', '/api/uploads/covers/a-b_c.webp', '/x', '/a%20b.png', '/images/x.png?v=2'])(
    'accepts %s',
    (path) => {
      expect(isSitePath(path)).toBe(true);
    },
  );

  it.each([
    ['a backslash host', '/\\evil.example/x.png'],
    ['two backslashes', '\\\\evil.example/x.png'],
    ['slash, backslash, slash', '/\\/evil.example/x.png'],
    ['protocol-relative', '//evil.example/x.png'],
    ['encoded slashes', '/%2F%2Fevil.example/x.png'],
    ['encoded lower-case slashes', '/%2f%2fevil.example/x.png'],
    ['an encoded backslash', '/%5Cevil.example/x.png'],
    ['a tab between the slashes', '/\t/evil.example/x.png'],
    ['a newline between the slashes', '/\n/evil.example/x.png'],
    ['a carriage return', '/\r/evil.example/x.png'],
    ['a backslash later on', '/images\\..\\x.png'],
    ['a space', '/images/a b.png'],
    ['a relative path', 'images/x.png'],
    ['a full URL', 'https://evil.example/x.png'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['the empty string', ''],
  ])('refuses %s', (_name, path) => {
    expect(isSitePath(path)).toBe(false);
  });
});

describe('isWebUrl', () => {
  it.each(['https://author.example', 'http://author.example/x.png', 'HTTPS://Author.Example/X.png', 'Https://x.example/?q=1#f'])(
    'accepts %s',
    (url) => {
      expect(isWebUrl(url)).toBe(true);
    },
  );

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,AAAA'],
    ['no host', 'https://'],
    ['a space', 'https://a.example/a b'],
    ['a tab', 'https://a.example/\tb'],
    ['a backslash', 'https:\\\\evil.example'],
    ['protocol-relative', '//evil.example'],
    ['ftp', 'ftp://a.example/x'],
  ])('refuses %s', (_name, url) => {
    expect(isWebUrl(url)).toBe(false);
  });
});

describe('isImageAddress', () => {
  it('accepts site paths and web URLs, and refuses addresses that leave the site by a trick', () => {
    expect(isImageAddress('/images/x.png')).toBe(true);
    expect(isImageAddress('https://cdn.example/x.png')).toBe(true);
    expect(isImageAddress('/\\evil.example/x.png')).toBe(false);
  });
});

describe('lowerCaseScheme', () => {
  it('lower-cases the scheme only', () => {
    expect(lowerCaseScheme('HTTPS://Example.COM/Path')).toBe('https://Example.COM/Path');
    expect(lowerCaseScheme('HtTp://x.example')).toBe('http://x.example');
    expect(lowerCaseScheme('/images/x.png')).toBe('/images/x.png');
  });
});
