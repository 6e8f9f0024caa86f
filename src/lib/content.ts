// Build-time access to the site's content. The server writes the content index (a snapshot of the
// database without chapter texts, functions/site/snapshot.ts) and the chapter texts
// (src/lib/chapter-texts.ts), and names them in CONTENT_SNAPSHOT and CONTENT_TEXTS before pages
// are rendered, with the folder where chapters' bodies are kept in CONTENT_BODIES. The index is read again when it changes: the render worker renders one publish
// after another in one process (scripts/server/render-worker.ts).
import fs from 'node:fs';
import { chapterBody, readChapterTextsFrom } from './chapter-texts.ts';
import { FALLBACK_PROFILE } from './profile.ts';
import type { ChapterText, ChapterWithText, ContentSnapshot, SnapshotChapter, SnapshotGallery } from './snapshot.ts';
import { emptySocialLinks } from './socials.ts';

let cached: { version: string; content: ContentSnapshot } | undefined;

/** The content index, or the fallback profile with no links when there is none (a bare `astro build`). */
export function loadContent(): ContentSnapshot {
  const file = process.env['CONTENT_SNAPSHOT'] || undefined;
  // Read again when another file is named or the file was written anew (a publish replaces it whole).
  const version = file ? `${file}@${fs.statSync(file).mtimeMs}` : '';
  if (cached && cached.version === version) return cached.content;
  if (!file) console.warn('CONTENT_SNAPSHOT is not set: building with the fallback profile. Use `npm run build` for real content.');
  const content = file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ContentSnapshot) : emptyContent();
  cached = { version, content };
  return content;
}

function emptyContent(): ContentSnapshot {
  return {
    generatedAt: new Date().toISOString(),
    profile: FALLBACK_PROFILE,
    socials: emptySocialLinks(),
    stories: [],
    galleries: [],
    follow_by_email: false,
  };
}

/** Every gallery, PG and X (a snapshot written before galleries existed has none). */
export function loadGalleries(): SnapshotGallery[] {
  return loadContent().galleries ?? [];
}

/** A chapter's text, from the folder named in CONTENT_TEXTS. */
export function loadChapterText(chapter: SnapshotChapter): Promise<ChapterText> {
  const dir = process.env['CONTENT_TEXTS'];
  if (!dir) return Promise.reject(new Error('CONTENT_TEXTS is not set: the chapter texts of the content index are not known.'));
  return readChapterTextsFrom(dir)(chapter);
}

/** A chapter's body as its page shows it, kept in the folder named in CONTENT_BODIES (src/lib/chapter-texts.ts). */
export function loadChapterBody(chapter: ChapterWithText, breakImage: string): Promise<string> {
  return chapterBody(process.env['CONTENT_BODIES'] || undefined, chapter, breakImage);
}
