// Reads one Markdown chapter file into a chapter (the rule is in README, "Bulk upload"):
// the number comes from the file name ("012-the-gate.md", "Chapter 12 - The Gate.md") or the
// first heading ("# Chapter 12: The Gate"); the title from the first heading, else the file
// name; simple front matter (title, chapter_number, slug, status) overrides both.
import { CHAPTER_FILE_MAX_BYTES, CHAPTER_LIMITS } from './limits.ts';
import { CHAPTER_STATUSES, type ChapterStatus } from './stories.ts';

export const CHAPTER_FILE_EXTENSIONS = ['.md', '.markdown', '.txt'] as const;

export interface ChapterFromFile {
  title: string | null;
  chapter_number: number | null;
  slug: string | null;
  status: ChapterStatus | null;
  content: string;
}

export type ChapterFileResult = { ok: true; chapter: ChapterFromFile } | { ok: false; error: string };

const NUMBER_WORD = String.raw`(?:chapter|chap|ch|part|episode|ep)\.?`;
/** "012-the-gate", "Chapter 12 - The Gate", "ch03_intro": a number at the start, maybe after a word. */
const LEADING_NUMBER = new RegExp(String.raw`^\s*(?:${NUMBER_WORD}[\s._-]*)?(\d{1,6})(?!\d)[\s._:–—-]*(.*)$`, 'i');
/** "The Lantern Fleet - Chapter 12": a number after the word chapter anywhere. */
const CHAPTER_WORD_NUMBER = new RegExp(String.raw`\b${NUMBER_WORD}[\s._-]*(\d{1,6})(?!\d)`, 'i');
/** "# Chapter 12: The Gate" → 12 and "The Gate". */
const HEADING_CHAPTER = new RegExp(String.raw`^${NUMBER_WORD}\s*(\d{1,6})(?!\d)\s*[:.–—-]?\s*(.*)$`, 'i');

function stemOf(fileName: string): string | null {
  const lower = fileName.toLowerCase();
  const extension = CHAPTER_FILE_EXTENSIONS.find((ext) => lower.endsWith(ext));
  return extension ? fileName.slice(0, -extension.length) : null;
}

function toNumber(digits: string | undefined): number | null {
  const value = Number(digits);
  return digits !== undefined && Number.isInteger(value) && value >= 1 && value <= CHAPTER_LIMITS.chapter_number ? value : null;
}

/** "the-gate" → "The Gate"; names that already have capitals keep them. */
function titleFromName(words: string): string | null {
  const spaced = words.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (!spaced) return null;
  return spaced === spaced.toLowerCase() ? spaced.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase()) : spaced;
}

/** The number and title a file name suggests. */
export function parseFileName(fileName: string): { chapter_number: number | null; title: string | null } {
  const stem = stemOf(fileName) ?? fileName;
  const leading = LEADING_NUMBER.exec(stem);
  if (leading) return { chapter_number: toNumber(leading[1]), title: titleFromName(leading[2] ?? '') };
  // "The Lantern Fleet - Chapter 7": the rest of such a name is the story, not the chapter's title.
  const anywhere = CHAPTER_WORD_NUMBER.exec(stem);
  if (anywhere) return { chapter_number: toNumber(anywhere[1]), title: null };
  return { chapter_number: null, title: titleFromName(stem) };
}

function splitFrontMatter(text: string): { fields: Map<string, string>; body: string } {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { fields: new Map(), body: text };
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (pair) fields.set(pair[1]!.toLowerCase(), pair[2]!.replace(/^(['"])(.*)\1$/, '$2').trim());
  }
  return { fields, body: text.slice(match[0].length) };
}

/** The first heading when it is the first thing in the text (ATX "# T" or setext "T\n==="), and the text without it. */
function takeLeadingHeading(body: string): { heading: string | null; rest: string } {
  const atx = /^\s*#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/.exec(body);
  if (atx) return { heading: atx[1]!.trim(), rest: body.slice(atx[0].length) };
  const setext = /^\s*([^\r\n]+)\r?\n(?:=+|-+)[ \t]*(?:\r?\n|$)/.exec(body);
  if (setext && !/^\s*[-*+>]/.test(setext[1]!)) return { heading: setext[1]!.trim(), rest: body.slice(setext[0].length) };
  return { heading: null, rest: body };
}

function decodeText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return text.includes('\0') ? null : text;
  } catch {
    return null;
  }
}

export function readChapterFile(fileName: string, bytes: Uint8Array): ChapterFileResult {
  if (stemOf(fileName) === null) return { ok: false, error: 'only .md, .markdown and .txt files can be uploaded' };
  if (bytes.byteLength > CHAPTER_FILE_MAX_BYTES) return { ok: false, error: 'the file is larger than 1 MB' };
  const text = decodeText(bytes);
  if (text === null) return { ok: false, error: 'the file is not UTF-8 text' };

  const { fields, body } = splitFrontMatter(text);
  const { heading, rest } = takeLeadingHeading(body);
  const content = rest.replace(/^\s*\n/, '').trimEnd();
  if (!content.trim()) return { ok: false, error: text.trim() ? 'the file has no text besides its title' : 'the file is empty' };
  if (content.length > CHAPTER_LIMITS.content)
    return { ok: false, error: `the chapter is longer than ${CHAPTER_LIMITS.content} characters` };

  const fromName = parseFileName(fileName);
  const headingChapter = heading ? HEADING_CHAPTER.exec(heading) : null;
  const headingTitle = headingChapter ? headingChapter[2] || null : heading;
  const status = fields.get('status')?.toLowerCase();
  return {
    ok: true,
    chapter: {
      title: fields.get('title') || headingTitle || fromName.title,
      chapter_number:
        toNumber(fields.get('chapter_number') ?? fields.get('chapter') ?? fields.get('number')) ??
        fromName.chapter_number ??
        toNumber(headingChapter?.[1]),
      slug: fields.get('slug') || null,
      status: (CHAPTER_STATUSES as readonly string[]).includes(status ?? '') ? (status as ChapterStatus) : null,
      content,
    },
  };
}
