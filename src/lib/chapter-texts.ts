// The chapter texts of a publish, one small file per chapter version beside the content index:
// the index of a whole catalogue stays a few MB, and a page, a feed, the book or the search index
// reads only the texts it shows. A file is named after the chapter's id and its updated_at, which
// every save changes, so a file never changes once written and unchanged chapters keep theirs
// from one publish to the next (scripts/server/content-files.ts writes them).
//
// Beside them, a chapter's body as HTML (chapter-body.ts) is kept per version too: its page, its
// search document and its book all show it, and rendering the Markdown is most of what each costs
// apart from the page's layout. Whoever needs a body first renders and keeps it; a publish then
// renders only the Markdown of chapters that changed.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chapterBodyHtml } from './chapter-body.ts';
import type { ChapterText, ChapterWithText, ReadChapterText, SnapshotChapter } from './snapshot.ts';

/** `<id>-<updated_at in ms>.json`: the version of the text the index names. */
export function chapterTextFile(chapter: Pick<SnapshotChapter, 'id' | 'updated_at'>): string {
  return `${chapter.id}-${Date.parse(chapter.updated_at)}.json`;
}

/** Reads texts from the folder `dir`; a missing file is an error (the publish that named it wrote it). */
export function readChapterTextsFrom(dir: string): ReadChapterText {
  return async (chapter) => {
    const { content, note_before, note_after } = JSON.parse(
      await fs.readFile(path.join(dir, chapterTextFile(chapter)), 'utf8'),
    ) as ChapterText;
    return { content, note_before, note_after };
  };
}

/** The chapters' bodies of `texts`, kept in `bodies` (none: rendered every time, nothing kept). */
export interface ChapterBodyFolders {
  texts: string;
  bodies?: string | undefined;
}

/**
 * `<id>-<updated_at in ms>-<digest>.html`: the text's version, and a digest of what else the body
 * shows (the story's page-break image, the chapter's content warnings).
 */
export function chapterBodyFile(chapter: Pick<SnapshotChapter, 'id' | 'updated_at' | 'content_warnings'>, breakImage: string): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([breakImage, chapter.content_warnings]))
    .digest('base64url')
    .slice(0, 16);
  return `${chapter.id}-${Date.parse(chapter.updated_at)}-${digest}.html`;
}

/** The body of a chapter whose text is at hand, from `bodies` when kept there, else rendered (and kept). */
export async function chapterBody(bodies: string | undefined, chapter: ChapterWithText, breakImage: string): Promise<string> {
  if (!bodies) return chapterBodyHtml(chapter, breakImage);
  return (await keptBody(bodies, chapter, breakImage)) ?? keepBody(bodies, chapter, chapterBodyHtml(chapter, breakImage), breakImage);
}

/** A chapter's body as its page shows it, with the story's page-break image. */
export type ReadChapterBody = (chapter: SnapshotChapter, breakImage: string) => Promise<string>;

/** Bodies rendered from the texts `readText` gives, every time. */
export const renderedBodies =
  (readText: ReadChapterText): ReadChapterBody =>
  async (chapter, breakImage) =>
    chapterBodyHtml({ ...chapter, ...(await readText(chapter)) }, breakImage);

/** Reads bodies, reading and rendering the text only for a body not kept yet. */
export function readChapterBodiesFrom({ texts, bodies }: ChapterBodyFolders): ReadChapterBody {
  const rendered = renderedBodies(readChapterTextsFrom(texts));
  if (!bodies) return rendered;
  return async (chapter, breakImage) =>
    (await keptBody(bodies, chapter, breakImage)) ?? keepBody(bodies, chapter, await rendered(chapter, breakImage), breakImage);
}

/** The kept body, or null when there is none or it cannot be read (it is rendered again: only time is lost). */
async function keptBody(bodies: string, chapter: SnapshotChapter, breakImage: string): Promise<string | null> {
  return fs.readFile(path.join(bodies, chapterBodyFile(chapter, breakImage)), 'utf8').catch(() => null);
}

/**
 * Keeps a body: written beside and renamed, so a reader never sees half of one. Two processes may
 * both render a body they lack; they write the same bytes. A body that cannot be kept costs only
 * time the next time.
 */
async function keepBody(bodies: string, chapter: SnapshotChapter, body: string, breakImage: string): Promise<string> {
  const file = path.join(bodies, chapterBodyFile(chapter, breakImage));
  const incoming = `${file}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    await fs.mkdir(bodies, { recursive: true });
    await fs.writeFile(incoming, body);
    await fs.rename(incoming, file);
  } catch {
    await fs.rm(incoming, { force: true }).catch(() => {});
  }
  return body;
}
