// A .md/.markdown/.txt file into the editor, by the bulk upload's rule (README, "Bulk upload"):
// the first heading is the title, and the text below it the content.
import { readChapterFile } from '#lib/chapter-file.ts';
import { storySlug } from '#lib/slugs.ts';
import type { ChapterDraft } from '../stories/chapter-draft.ts';

/** The draft with the file's text; an empty title takes the file's (and a new chapter's empty slug follows it). */
export async function draftWithFile(draft: ChapterDraft, file: File, creating: boolean): Promise<ChapterDraft> {
  const read = readChapterFile(file.name, new Uint8Array(await file.arrayBuffer()));
  if (!read.ok) throw new Error(`"${file.name}": ${read.error}`);
  const next = { ...draft, content: read.chapter.content };
  if (draft.title.trim() || !read.chapter.title) return next;
  const title = read.chapter.title;
  return { ...next, title, slug: creating && !draft.slug ? storySlug(title) : draft.slug };
}
