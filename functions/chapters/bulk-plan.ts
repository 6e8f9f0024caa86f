// Turns a bulk upload's files into the chapters to create, one verdict per file: files are
// taken in natural name order; a file without a number gets the next free one; a number the
// story (or an earlier file) already has is an error for that file only; a slug that is taken
// gets "-2", "-3", … unless the file named the slug itself.
import { CHAPTER_LIMITS } from '#lib/limits.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN, storySlug } from '#lib/slugs.ts';
import type { ChapterStatus } from '#lib/stories.ts';
import { readChapterFile } from '#lib/chapter-file.ts';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface PlannedChapter {
  filename: string;
  chapter_number: number;
  title: string;
  slug: string;
  content: string;
  status: ChapterStatus;
}

export interface BulkPlan {
  chapters: PlannedChapter[];
  /** "{file name}: {what is wrong}", in file order. */
  errors: string[];
}

const byNaturalName = (a: UploadedFile, b: UploadedFile) => a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' });

/** What the database accepts (a longer slug would break its check: a 500, not a file error). */
const isValidSlug = (slug: string) => SLUG_PATTERN.test(slug) && slug.length <= SLUG_MAX_LENGTH;

function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function planBulkUpload(
  files: UploadedFile[],
  taken: { numbers: Set<number>; slugs: Set<string> },
  defaultStatus: ChapterStatus,
): BulkPlan {
  const numbers = new Map<number, string>(); // number → the file in this upload that has it
  const slugs = new Set(taken.slugs);
  const plan: BulkPlan = { chapters: [], errors: [] };
  const read = [...files].sort(byNaturalName).map((file) => ({ file, result: readChapterFile(file.name, file.bytes) }));
  let highest = Math.max(
    0,
    ...taken.numbers,
    ...read.flatMap(({ result }) => (result.ok && result.chapter.chapter_number ? [result.chapter.chapter_number] : [])),
  );

  for (const { file, result } of read) {
    if (!result.ok) {
      plan.errors.push(`${file.name}: ${result.error}`);
      continue;
    }
    const { chapter } = result;
    const number = chapter.chapter_number ?? ++highest;
    if (number > CHAPTER_LIMITS.chapter_number) {
      plan.errors.push(`${file.name}: chapter numbers stop at ${CHAPTER_LIMITS.chapter_number}`);
      continue;
    }
    if (taken.numbers.has(number)) {
      plan.errors.push(`${file.name}: chapter ${number} already exists in this story`);
      continue;
    }
    const earlier = numbers.get(number);
    if (earlier !== undefined) {
      plan.errors.push(`${file.name}: chapter ${number} is also in ${earlier}`);
      continue;
    }
    const title = (chapter.title ?? `Chapter ${number}`).slice(0, 200);
    if (chapter.slug !== null && (!isValidSlug(chapter.slug) || slugs.has(chapter.slug))) {
      plan.errors.push(
        `${file.name}: the slug "${chapter.slug}" is ${slugs.has(chapter.slug) ? 'already taken in this story' : 'not a valid slug'}`,
      );
      continue;
    }
    // A title cut at 100 characters may end on a hyphen, which a slug may not.
    const slug = chapter.slug ?? freeSlug(storySlug(title).slice(0, 100).replace(/-+$/, '') || `chapter-${number}`, slugs);
    numbers.set(number, file.name);
    slugs.add(slug);
    plan.chapters.push({
      filename: file.name,
      chapter_number: number,
      title,
      slug,
      content: chapter.content,
      status: chapter.status ?? defaultStatus,
    });
  }
  return plan;
}
