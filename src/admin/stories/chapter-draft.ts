// A chapter as its editors hold it: the status offers 'scheduled' (a draft with a release time,
// entered on the author's clock), and the number is the text typed until it is sent.
import type { ChapterInput } from '#functions/chapters/schema.ts';
import { instantToWallTime, type WallTime, wallTimeToInstant } from '#lib/releases.ts';
import { CHAPTER_STATUSES, type Chapter, type ChapterStatus } from '#lib/stories.ts';

export const CHAPTER_STATUS_CHOICES = [...CHAPTER_STATUSES, 'scheduled'] as const;
export type ChapterStatusChoice = (typeof CHAPTER_STATUS_CHOICES)[number];

export interface ChapterDraft {
  title: string;
  slug: string;
  content: string;
  chapter_number: string;
  status: ChapterStatusChoice;
  release: WallTime;
  note_before: string;
  note_after: string;
  /** One content warning a line, as typed; sent as the list of its non-empty lines. */
  content_warnings: string;
}

/** The warnings typed one a line: blank lines dropped; the server trims and checks the rest. */
export const warningList = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/** A day from `now` at the next full hour: a sensible first release time to edit. */
function tomorrow(timeZone: string, now: Date): WallTime {
  const { date, time } = instantToWallTime(new Date(now.getTime() + 24 * 60 * 60 * 1000), timeZone);
  return { date, time: `${time.slice(0, 2)}:00` };
}

export function newChapterDraft(chapterNumber: number, timeZone: string, now = new Date()): ChapterDraft {
  return {
    title: '',
    slug: '',
    content: '',
    chapter_number: String(chapterNumber),
    status: 'draft',
    release: tomorrow(timeZone, now),
    note_before: '',
    note_after: '',
    content_warnings: '',
  };
}

export function chapterDraft(
  { title, slug, content, chapter_number, status, release_at, note_before, note_after, content_warnings }: Chapter,
  timeZone: string,
  now = new Date(),
): ChapterDraft {
  const scheduled = status === 'draft' && release_at !== null;
  return {
    title,
    slug,
    content,
    chapter_number: String(chapter_number),
    status: scheduled ? 'scheduled' : status,
    release: scheduled ? instantToWallTime(new Date(release_at), timeZone) : tomorrow(timeZone, now),
    note_before,
    note_after,
    content_warnings: content_warnings.join('\n'),
  };
}

/** What the API gets: 'scheduled' is a draft with a release time; anything else has none. A number that is not one counts as 1. */
export function chapterInput(
  { status, release, chapter_number, content_warnings, ...fields }: ChapterDraft,
  timeZone: string,
): Required<ChapterInput> {
  const number = Math.max(1, Math.floor(Number(chapter_number)) || 1);
  const sent = { ...fields, chapter_number: number, content_warnings: warningList(content_warnings) };
  if (status === 'scheduled') return { ...sent, status: 'draft', release_at: wallTimeToInstant(release, timeZone).toISOString() };
  return { ...sent, status: status satisfies ChapterStatus, release_at: null };
}
