// The chapter texts of a publish, one small file per chapter version beside the content index:
// the index of a whole catalogue stays a few MB, and a page, a feed, the book or the search index
// reads only the texts it shows. A file is named after the chapter's id and its updated_at, which
// every save changes, so a file never changes once written and unchanged chapters keep theirs
// from one publish to the next (scripts/server/content-files.ts writes them).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ChapterText, ReadChapterText, SnapshotChapter } from './snapshot.ts';

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
