// Build-time access to the site's content. The server writes the content index (a snapshot of the
// database without chapter texts, functions/site/snapshot.ts) and the chapter texts
// (src/lib/chapter-texts.ts), and names them in CONTENT_SNAPSHOT and CONTENT_TEXTS before pages
// are rendered. Both are read again when they name other files: the render service renders one
// publish after another in one process (scripts/server/render-service.ts).
import fs from 'node:fs';
import { readChapterTextsFrom } from './chapter-texts.ts';
import { FALLBACK_PROFILE } from './profile.ts';
import type { ChapterText, ContentSnapshot, SnapshotChapter, SnapshotGallery } from './snapshot.ts';
import { emptySocialLinks } from './socials.ts';

let cached: { file: string | undefined; content: ContentSnapshot } | undefined;

/** The content index, or the fallback profile with no links when there is none (a bare `astro build`). */
export function loadContent(): ContentSnapshot {
  const file = process.env['CONTENT_SNAPSHOT'] || undefined;
  if (cached && cached.file === file) return cached.content;
  if (!file) console.warn('CONTENT_SNAPSHOT is not set: building with the fallback profile. Use `npm run build` for real content.');
  const content = file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ContentSnapshot) : emptyContent();
  cached = { file, content };
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
