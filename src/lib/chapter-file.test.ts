import { describe, expect, it } from 'vitest';
import { CHAPTER_FILE_MAX_BYTES } from '#lib/limits.ts';
import { parseFileName, readChapterFile, type ChapterFromFile } from './chapter-file.ts';
import { CHAPTER_LIMITS } from '#lib/limits.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The chapter read from `text`, failing the test when the file is refused. */
function read(fileName: string, text: string | Uint8Array): ChapterFromFile {
  const result = readChapterFile(fileName, typeof text === 'string' ? utf8(text) : text);
  if (!result.ok) throw new Error(`${fileName} was refused: ${result.error}`);
  return result.chapter;
}

/** The error a refused file gets. */
function refusal(fileName: string, bytes: Uint8Array): string {
  const result = readChapterFile(fileName, bytes);
  if (result.ok) throw new Error(`${fileName} was accepted`);
  return result.error;
}

describe('parseFileName', () => {
  it.each([
    ['012-the-gate.md', 12, 'The Gate'],
    ['Chapter 12 - The Gate.md', 12, 'The Gate'],
    ['ch03_intro.markdown', 3, 'Intro'],
    ['CH 03 intro.md', 3, 'Intro'],
    ['Ep. 4 - Storm.md', 4, 'Storm'],
    ['chapter-12.md', 12, null],
    ['Part 2.txt', 2, null],
    // The number after the word "chapter" anywhere; the title is the whole name.
    ['The Lantern Fleet - Chapter 7.txt', 7, null],
    ['prologue.md', null, 'Prologue'],
    ['The_Gate.md', null, 'The Gate'],
    ['2049.md', 2049, null],
  ])('%s gives number %s and title %s', (name, chapter_number, title) => {
    expect(parseFileName(name)).toEqual({ chapter_number, title });
  });

  it('reads upper-case extensions, and keeps a name that already has capitals as it is', () => {
    expect(parseFileName('012-the-gate.MD')).toEqual({ chapter_number: 12, title: 'The Gate' });
    expect(parseFileName('012-THE-GATE.Markdown')).toEqual({ chapter_number: 12, title: 'THE GATE' });
    expect(parseFileName('Prologue.TXT')).toEqual({ chapter_number: null, title: 'Prologue' });
  });

  it('takes no number outside 1 to 100000', () => {
    expect(parseFileName('0-zero.md')).toEqual({ chapter_number: null, title: 'Zero' });
    expect(parseFileName('100000-last.md').chapter_number).toBe(100_000);
    expect(parseFileName('100001-beyond.md').chapter_number).toBeNull();
  });
});

describe('readChapterFile: title, number and content', () => {
  it.each([
    ['an ATX heading', '# The Gate\n\nThe gate opened.'],
    ['a level-two ATX heading with closing hashes', '## The Gate ##\n\nThe gate opened.'],
    ['a setext heading', 'The Gate\n========\n\nThe gate opened.'],
    ['a level-two setext heading', 'The Gate\n--------\n\nThe gate opened.'],
  ])('takes the title from %s and removes the heading from the content', (_name, text) => {
    expect(read('notes.md', text)).toEqual({
      title: 'The Gate',
      chapter_number: null,
      slug: null,
      status: null,
      content: 'The gate opened.',
    });
  });

  it('reads "# Chapter 12: The Gate" as number 12 and title "The Gate" when the name has no number', () => {
    expect(read('notes.md', '# Chapter 12: The Gate\n\nThe gate opened.')).toMatchObject({
      chapter_number: 12,
      title: 'The Gate',
      content: 'The gate opened.',
    });
    // A heading that is only the number leaves the title to the file name.
    expect(read('the-gate.md', '# Chapter 12\n\nText.')).toMatchObject({ chapter_number: 12, title: 'The Gate' });
  });

  it("prefers the file name's number to the heading's, and the heading's title to the file name's", () => {
    expect(read('005-old-name.md', '# Chapter 12: The Gate\n\nText.')).toMatchObject({ chapter_number: 5, title: 'The Gate' });
  });

  it('falls back to the file name when the text starts without a heading, keeping all the text', () => {
    const text = 'The gate opened.\n\n# A heading further down\n\nMore.';
    expect(read('012-the-gate.md', text)).toEqual({ title: 'The Gate', chapter_number: 12, slug: null, status: null, content: text });
    // "#tag" is no heading, and a list item followed by a rule is no setext heading.
    expect(read('a.md', '#tag\n\nText.').content).toBe('#tag\n\nText.');
    expect(read('a.md', '- item\n---\n\nText.').content).toBe('- item\n---\n\nText.');
  });

  it('lets front matter override the name and heading, and strips it', () => {
    const text = [
      '---',
      'title: "Gate: The Return"',
      'chapter_number: 4',
      'slug: the-return',
      'status: Published',
      '---',
      '# Chapter 12: The Gate',
      '',
      'The gate opened.',
    ].join('\n');
    expect(read('012-the-gate.md', text)).toEqual({
      title: 'Gate: The Return',
      chapter_number: 4,
      slug: 'the-return',
      status: 'published',
      content: 'The gate opened.',
    });
  });

  it('unquotes single- and double-quoted front matter values', () => {
    expect(read('a.md', '---\ntitle: \'Single quoted\'\nslug: "quoted-slug"\n---\nText.')).toMatchObject({
      title: 'Single quoted',
      slug: 'quoted-slug',
      content: 'Text.',
    });
  });

  it('ignores front matter values it cannot use', () => {
    expect(read('007-x.md', '---\nchapter_number: seven\nstatus: archived\n---\nText.')).toMatchObject({
      chapter_number: 7,
      status: null,
      content: 'Text.',
    });
  });

  it('reads CRLF line endings: front matter, heading and content', () => {
    const chapter = read('a.md', '---\r\nslug: crlf\r\n---\r\n# The Gate\r\n\r\nLine one\r\nLine two\r\n');
    expect(chapter).toEqual({ title: 'The Gate', chapter_number: null, slug: 'crlf', status: null, content: 'Line one\r\nLine two' });
  });

  it('accepts a UTF-8 byte order mark and drops it', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('# Título\n\nCafé ☕')]);
    expect(read('a.md', bytes)).toMatchObject({ title: 'Título', content: 'Café ☕' });
  });

  it('keeps hostile content verbatim as text', () => {
    const text = `<script>alert(1)</script>\n\nRobert'); DROP TABLE chapters;--\n\n../../etc/passwd`;
    expect(read('../evil.md', text).content).toBe(text);
    expect(read('a.md', `# <img src=x onerror=alert(1)>\n\n${text}`).title).toBe('<img src=x onerror=alert(1)>');
  });

  it('accepts .md, .markdown and .txt in any case', () => {
    for (const name of ['a.md', 'a.MD', 'a.Md', 'a.markdown', 'a.MARKDOWN', 'a.txt', 'a.TXT']) {
      expect(read(name, 'Text.').content).toBe('Text.');
    }
  });
});

describe('readChapterFile: refusals', () => {
  it.each(['chapter.docx', 'chapter.md.exe', 'chapter.php', 'chapter', 'md'])('refuses %s by its extension', (name) => {
    expect(refusal(name, utf8('# Title\n\nText.'))).toBe('only .md, .markdown and .txt files can be uploaded');
  });

  it.each([
    ['Latin-1 bytes', new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x0a])],
    ['UTF-16 with a byte order mark', new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00])],
    ['a NUL byte', utf8('Text\0more text')],
  ])('refuses %s as not UTF-8 text', (_name, bytes) => {
    expect(refusal('a.md', bytes)).toBe('the file is not UTF-8 text');
  });

  it.each([
    ['an empty file', '', 'the file is empty'],
    ['whitespace only', ' \n\t\r\n  ', 'the file is empty'],
    ['only a heading', '# The Gate\n\n  \n', 'the file has no text besides its title'],
    ['only a setext heading', 'The Gate\n====', 'the file has no text besides its title'],
    ['only front matter', '---\ntitle: Nothing\n---\n', 'the file has no text besides its title'],
  ])('refuses %s', (_name, text, error) => {
    expect(refusal('a.md', utf8(text))).toBe(error);
  });

  it('refuses a file over 1 MB, and accepts one of exactly 1 MB up to the content limit', () => {
    expect(refusal('a.md', new Uint8Array(CHAPTER_FILE_MAX_BYTES + 1).fill(0x61))).toBe('the file is larger than 1 MB');
    // 1 MB of one-byte characters is more than a chapter may hold.
    expect(refusal('a.md', new Uint8Array(CHAPTER_FILE_MAX_BYTES).fill(0x61))).toBe(
      `the chapter is longer than ${CHAPTER_LIMITS.content} characters`,
    );
    expect(read('a.md', 'a'.repeat(CHAPTER_LIMITS.content)).content).toHaveLength(CHAPTER_LIMITS.content);
  });
});
