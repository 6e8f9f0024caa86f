// The search index of the reader's site, written at publish time in parts (docs/product.md, Search
// across the stories and The search index in parts; why Pagefind, why apart for adult stories and
// why in parts: docs/decisions/0046-search-with-pagefind.md, 0052-the-search-index-in-parts.md). Exactly the snapshot's chapters are fed in, the text
// of each as its page shows it, so no draft, scheduled chapter or preview can enter. A part is up to
// PART_SIZE chapters of one story in a folder of its own, so a publish rewrites only the parts its
// change touched; the listings name the parts, and the reader's search merges them.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { escapeXml } from '#lib/epub/xml.ts';
import { chapterPath } from '#lib/reader-urls.ts';
import { ADULT_SEARCH_INDEX_PATH, SEARCH_INDEX_PATH, SEARCH_LISTING_FILE, type SearchListing, searchScope } from '#lib/search-scope.ts';
import type { ReadChapterBody } from '#lib/chapter-texts.ts';
import type { ContentSnapshot, SnapshotChapter, SnapshotStory } from '#lib/snapshot.ts';

/**
 * Chapters per part. Writing a part costs about 4 ms per chapter of 3,000 words on the 2-core
 * machines, so 250 keep a publish's part near 1 s, while 10,000 chapters make 40 parts for a
 * search to merge (`npm run bench:search` prints both; docs/decisions/0052-the-search-index-in-parts.md).
 */
export const PART_SIZE = 250;

/** Pages sent to Pagefind before the answer to the first of them (writeSearchPart). */
const PAGES_IN_FLIGHT = 32;

/** Bumped when what a part holds changes shape, so no part of an older shape is kept. */
const PART_FORMAT = 1;

export interface SearchPart {
  /**
   * Stable while the part's story and chapter range are the same: with the chapters' versions
   * (updated_at) it tells a publish whether the part must be written again.
   */
  key: string;
  /** The site folder of this part's index, e.g. '/pagefind/parts/12-1' (never shared by two parts). */
  dir: string;
  /** Behind the 18+ confirmation (searchScope decides). */
  adult: boolean;
  story: SnapshotStory;
  /** At most PART_SIZE, in number order. */
  chapters: SnapshotChapter[];
}

/** What a part's folder keeps of what Pagefind writes: its index, not the search's script or interfaces. */
const PART_FILES = /^pagefind-entry\.json$|\.pf_meta$|^(?:index|fragment|filter)$/;
/** What SEARCH_INDEX_PATH keeps besides: the script, its worker and the WebAssembly (not the ready-made interfaces). */
const RUNTIME_FILES = /^pagefind(?:-worker)?\.js$|^wasm\.[a-z]+\.pagefind$/;
const PARTS_FOLDER = 'parts';

const meta = (key: string, value: string) => `<p data-pagefind-meta="${key}">${escapeXml(value)}</p>`;
const chapterMeta = (story: SnapshotStory, chapter: SnapshotChapter) =>
  meta('title', `Chapter ${chapter.chapter_number}: ${chapter.title}`) + meta('story', story.title);

/** A chapter as one page for the indexer: its body (`body`, as its page shows it), with the story and chapter titles as metadata (searched too). */
export function searchDocument(story: SnapshotStory, chapter: SnapshotChapter, body: string): string {
  return page(chapterMeta(story, chapter), body);
}

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${head}<main data-pagefind-body>${body}</main></body></html>`;

/**
 * Everything a part's folder depends on besides its chapters' versions: where it lies, the story's
 * fields its pages show (ids, titles, address, scene-break image) and which chapters under which numbers.
 */
function partKey(dir: string, story: SnapshotStory, chapters: readonly SnapshotChapter[]): string {
  const fields = [PART_FORMAT, dir, story.id, story.slug, story.title, story.breakImage];
  const digest = createHash('sha256')
    .update(JSON.stringify([fields, chapters.map((chapter) => [chapter.id, chapter.chapter_number, chapter.title])]))
    .digest('hex');
  return `${dir}@${digest.slice(0, 24)}`;
}

/** The parts of the site's index: each story's chapters, PART_SIZE at a time, general stories first. */
export function searchParts(stories: readonly SnapshotStory[]): SearchPart[] {
  const scope = searchScope(stories);
  return [...scope.general.map((story) => ({ story, adult: false })), ...scope.adult.map((story) => ({ story, adult: true }))].flatMap(
    ({ story, adult }) =>
      Array.from({ length: Math.ceil(story.chapters.length / PART_SIZE) }, (_, i) => {
        const chapters = story.chapters.slice(i * PART_SIZE, (i + 1) * PART_SIZE);
        const dir = `${adult ? ADULT_SEARCH_INDEX_PATH : SEARCH_INDEX_PATH}${PARTS_FOLDER}/${story.id}-${i + 1}`;
        return { key: partKey(dir, story, chapters), dir, adult, story, chapters };
      }),
  );
}

/** Runs `fill` on a new Pagefind index (one language for the whole site: the pages are en-US) and writes it to `outputPath`. */
async function writePagefindIndex(outputPath: string, fill: (index: pagefind.PagefindIndex) => Promise<void>): Promise<void> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`The search index could not be started: ${errors.join('; ')}`);
  try {
    await fill(index);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Writing the search index: ${written.errors.join('; ')}`);
  } finally {
    await index.deleteIndex();
  }
}

async function keepOnly(dir: string, kept: (name: string) => boolean): Promise<void> {
  for (const name of await fs.readdir(dir)) if (!kept(name)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
}

/**
 * Writes one part's folder into the built site. Whatever was at that folder goes first: it may be
 * hard-linked from the site readers are served, whose files must not change under them.
 */
export async function writeSearchPart(siteDir: string, part: SearchPart, readBody: ReadChapterBody): Promise<void> {
  const outputPath = path.join(siteDir, part.dir);
  await fs.rm(outputPath, { recursive: true, force: true });
  await writePagefindIndex(outputPath, async (index) => {
    // In number order, up to PAGES_IN_FLIGHT sent before their answers. Pagefind numbers its pages
    // in the order they come, and a part must be the same bytes however it was made (an
    // incremental publish and a full one); its service takes its messages one at a time in the
    // order they were written, which is the order of these calls. Not waiting for each answer
    // keeps Pagefind busy while this process's event loop is taken by the rest of the publish
    // (books, sitemap): one page at a time, a part took three times as long then. A bounded
    // number keeps the pages' texts from piling up in this process's memory.
    const sent: Promise<{ errors: string[] }>[] = [];
    for (const chapter of part.chapters) {
      if (sent.length >= PAGES_IN_FLIGHT) await sent[sent.length - PAGES_IN_FLIGHT];
      // From the chapter's body, not its page: a publish writes a part while the pages are rendered.
      const body = await readBody(chapter, part.story.breakImage);
      const added = index.addHTMLFile({
        url: `${chapterPath(part.story.slug, chapter.chapter_number)}/`,
        content: searchDocument(part.story, chapter, body),
      });
      added.catch(() => {}); // a failure is thrown below, once; never an unhandled one meanwhile
      sent.push(added);
    }
    const added = await Promise.all(sent);
    const failed = added.findIndex((result) => result.errors.length > 0);
    if (failed >= 0) {
      const chapter = part.chapters[failed]!;
      throw new Error(`Indexing ${part.story.slug} chapter ${chapter.chapter_number}: ${added[failed]!.errors.join('; ')}`);
    }
  });
  await keepOnly(outputPath, (name) => PART_FILES.test(name));
}

/**
 * Pagefind's script, worker and WebAssembly at SEARCH_INDEX_PATH, with the index they open first
 * (Pagefind cannot open an index of no pages): one page that is no chapter, which the search
 * never asks (src/lib/search-parts.ts). Written beside and moved in over what the folder held but
 * its parts, so no file hard-linked from the served site is written to.
 */
async function writeSearchRuntime(siteDir: string): Promise<void> {
  const folder = path.join(siteDir, SEARCH_INDEX_PATH);
  const staging = path.join(siteDir, `.search-runtime-${randomUUID()}`);
  try {
    await writePagefindIndex(staging, async (index) => {
      const added = await index.addHTMLFile({ url: SEARCH_INDEX_PATH, content: page('', 'searchroot') });
      if (added.errors.length > 0) throw new Error(`Indexing the search's root page: ${added.errors.join('; ')}`);
    });
    await fs.mkdir(folder, { recursive: true });
    await keepOnly(folder, (name) => name === PARTS_FOLDER);
    for (const name of await fs.readdir(staging)) {
      if (PART_FILES.test(name) || RUNTIME_FILES.test(name)) await fs.rename(path.join(staging, name), path.join(folder, name));
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** The files of the site's search folders (relative to `siteDir`) but its parts'. */
async function filesBesideParts(siteDir: string): Promise<string[]> {
  const found = await Promise.all(
    [SEARCH_INDEX_PATH, ADULT_SEARCH_INDEX_PATH].map(async (folderPath) => {
      const folder = path.join(siteDir, folderPath);
      const names = await fs.readdir(folder).catch(() => []);
      const listed = await Promise.all(
        names
          .filter((name) => name !== PARTS_FOLDER)
          .map(async (name) => {
            const entry = path.join(folder, name);
            const inside = (await fs.stat(entry)).isDirectory()
              ? (await fs.readdir(entry, { recursive: true, withFileTypes: true }))
                  .filter((file) => file.isFile())
                  .map((file) => path.join(file.parentPath, file.name))
              : [entry];
            return inside.map((file) => path.relative(siteDir, file));
          }),
      );
      return listed.flat();
    }),
  );
  return found.flat();
}

/**
 * Writes the listing of each of the two folders (SEARCH_LISTING_FILE) and the search's script,
 * and removes every part folder not listed (a story taken down, a part that moved between the
 * folders): a folder left behind would still serve its chapters. A folder with no part keeps no
 * listing, and a site with no part keeps no search at all. Every file but the parts' is written
 * anew, and compressed copies of the old ones (precompress.ts) go with them: compress again after.
 * Resolves with those files (relative to `siteDir`).
 */
export async function writeSearchListing(siteDir: string, parts: readonly SearchPart[]): Promise<string[]> {
  if (parts.length > 0) await writeSearchRuntime(siteDir);
  for (const adult of [false, true]) {
    const folderPath = adult ? ADULT_SEARCH_INDEX_PATH : SEARCH_INDEX_PATH;
    const folder = path.join(siteDir, folderPath);
    const listed = parts.filter((part) => part.adult === adult).map((part) => `${part.dir}/`);
    if (parts.length === 0 || (adult && listed.length === 0)) {
      await fs.rm(folder, { recursive: true, force: true });
      continue;
    }
    const partsFolder = path.join(folder, PARTS_FOLDER);
    await fs.mkdir(partsFolder, { recursive: true });
    if (adult) await keepOnly(folder, (name) => name === PARTS_FOLDER);
    await keepOnly(partsFolder, (name) => listed.includes(`${folderPath}${PARTS_FOLDER}/${name}/`));
    if (listed.length > 0) {
      await fs.writeFile(path.join(folder, SEARCH_LISTING_FILE), JSON.stringify({ parts: listed } satisfies SearchListing));
    }
  }
  return filesBesideParts(siteDir);
}

/**
 * Ends Pagefind's process. It keeps the memory it took to write a part (200–270 MB for 250
 * chapters) for as long as it runs; the next index starts a new one in a few milliseconds.
 */
export const endSearchIndexer = (): Promise<unknown> => pagefind.close();

/** The whole index: every part, then the listings. */
export async function writeSearchIndex(siteDir: string, snapshot: ContentSnapshot, readBody: ReadChapterBody): Promise<void> {
  const parts = searchParts(snapshot.stories);
  for (const part of parts) await writeSearchPart(siteDir, part, readBody);
  await writeSearchListing(siteDir, parts);
}
