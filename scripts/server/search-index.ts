// The search index of the reader's site, written at publish time (docs/product.md, Search across
// the stories; why Pagefind and why two indexes: docs/decisions/0046-search-with-pagefind.md).
// Exactly the snapshot's chapters are fed in, the text of each as its page shows it, so no draft,
// scheduled chapter or preview can enter. Stories behind the 18+ confirmation get an index of
// their own, which the search loads only once the reader confirmed.
import fs from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { chapterBodyHtml } from '#lib/chapter-body.ts';
import { escapeXml } from '#lib/epub/xml.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { ADULT_SEARCH_INDEX_PATH, SEARCH_INDEX_PATH, searchScope } from '#lib/search-scope.ts';
import type { ChapterWithText, ContentSnapshot, ReadChapterText, SnapshotChapter, SnapshotStory } from '#lib/snapshot.ts';

/**
 * What Pagefind writes besides the index and its search script: its ready-made interfaces (the
 * site has its own, src/scripts/search-dialog.ts), its highlighter, and the playground. Not published.
 */
const UNUSED_FILES = /^pagefind-(?:ui|component-ui|modular-ui|highlight)\.(?:js|css)$|^playground$/;

const meta = (key: string, value: string) => `<p data-pagefind-meta="${key}">${escapeXml(value)}</p>`;
const chapterMeta = (story: SnapshotStory, chapter: SnapshotChapter) =>
  meta('title', `Chapter ${chapter.chapter_number}: ${chapter.title}`) + meta('story', story.title);

/** A chapter as one page for the indexer: its text, with the story and chapter titles as metadata (searched too). */
export function searchDocument(story: SnapshotStory, chapter: ChapterWithText): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>',
    chapterMeta(story, chapter),
    `<main data-pagefind-body>${chapterBodyHtml(chapter, story.breakImage)}</main>`,
    '</body></html>',
  ].join('');
}

/**
 * The chapter's built page, whose text Astro rendered already (its chapter body is marked
 * data-pagefind-body), with the metadata added; rendered here only when the page is not there
 * (rendering 1,000 chapters again took most of the index's time).
 */
async function chapterDocument(
  siteDir: string,
  url: string,
  story: SnapshotStory,
  chapter: SnapshotChapter,
  readText: ReadChapterText,
): Promise<string> {
  const page = await fs.readFile(path.join(siteDir, url, 'index.html'), 'utf8').catch(() => '');
  if (!page.includes('data-pagefind-body')) return searchDocument(story, { ...chapter, ...(await readText(chapter)) });
  return page.replace('</body>', `${chapterMeta(story, chapter)}</body>`);
}

async function writeIndex(siteDir: string, indexPath: string, stories: readonly SnapshotStory[], readText: ReadChapterText): Promise<void> {
  const outputPath = path.join(siteDir, indexPath);
  // One language for the whole site (the pages are en-US), so one index is fetched, not one per language guess.
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`The search index could not be started: ${errors.join('; ')}`);
  try {
    for (const story of stories) {
      for (const chapter of story.chapters) {
        const url = `${chapterPath(story.slug, chapter.chapter_number)}/`;
        const added = await index.addHTMLFile({ url, content: await chapterDocument(siteDir, url, story, chapter, readText) });
        if (added.errors.length > 0)
          throw new Error(`Indexing ${story.slug} chapter ${chapter.chapter_number}: ${added.errors.join('; ')}`);
      }
    }
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Writing the search index: ${written.errors.join('; ')}`);
    for (const name of await fs.readdir(outputPath)) {
      if (UNUSED_FILES.test(name)) await fs.rm(path.join(outputPath, name), { recursive: true, force: true });
    }
  } finally {
    await index.deleteIndex();
  }
}

/**
 * Writes /pagefind/ (the stories readers see without confirming) and /pagefind-adult/ into the
 * built site; an index that would hold no chapter is not written.
 */
export async function writeSearchIndex(siteDir: string, snapshot: ContentSnapshot, readText: ReadChapterText): Promise<void> {
  const scope = searchScope(snapshot.stories);
  if (scope.general.length > 0) await writeIndex(siteDir, SEARCH_INDEX_PATH, scope.general, readText);
  if (scope.adult.length > 0) await writeIndex(siteDir, ADULT_SEARCH_INDEX_PATH, scope.adult, readText);
}
