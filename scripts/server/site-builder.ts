// Makes one publish of the static site into a new folder (docs/decisions/0051-incremental-publishing.md):
// the renderer's scripts, styles and public files, the outputs the plan keeps (hard-linked from the
// site being served), and the rest made now: pages by the render service, the books of changed
// stories, the changed share images, the search index's parts and the sitemap at the same time
// (both cores work; the search parts beside the folder, from the start of an incremental publish
// and after the pages of a full one, then moved in), then the compressed copies of the search
// files. The folder is swapped in by the publisher only once all of it is there, so readers see
// one publish or the next, never a mix.
import fs from 'node:fs/promises';
import path from 'node:path';
import { readChapterBodiesFrom, readChapterTextsFrom } from '#lib/chapter-texts.ts';
import type { ReadImage } from '#lib/epub/index.ts';
import { storyEpubPath } from '#lib/epub/index.ts';
import { siteOrigin } from '#lib/seo.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { writeStoryEpubs } from './epub-files.ts';
import { precompressFiles } from './precompress.ts';
import {
  bookKey,
  MANIFEST_VERSION,
  type PublishManifest,
  type PublishPlan,
  pageKey,
  planPublish,
  searchKey,
  searchPartsToWrite,
  shareKey,
} from './publish-plan.ts';
import type { ContentFiles, RenderService } from './render-service.ts';
import { endSearchIndexer, type SearchPart, writeSearchListing, writeSearchPart } from './search-index.ts';
import { sharePictures } from './share-images.ts';
import { linkFiles, listFiles } from './site-links.ts';
import { settleAll } from './settle-all.ts';
import { writeSitemap } from './sitemap-files.ts';

/** The render service with the code version of what it renders (publish-plan.ts). */
export interface Renderer {
  service: RenderService;
  code: string;
}

export interface PublishInput {
  renderer: Renderer;
  snapshot: ContentSnapshot;
  /** Where the content index and the chapter texts of `snapshot` are (content-files.ts). */
  content: ContentFiles;
  /** The new site folder (must not exist). */
  outDir: string;
  /** The site being served and what made it; null: build everything. */
  previous: { dir: string; manifest: PublishManifest } | null;
  /**
   * `outDir` holds an earlier publish (the one served before `previous`) with this manifest: it is
   * brought up to date instead of linked anew, which costs what changed, not the whole site.
   */
  reuse?: PublishManifest | null;
  siteUrl: string;
  readImage: ReadImage;
  signal?: AbortSignal | undefined;
  forceFull?: boolean;
  /** Where the books' chapter pages are kept between publishes (epub-cache.ts); none: made every time. */
  epubCacheDir?: string;
}

export interface PublishResult {
  manifest: PublishManifest;
  plan: PublishPlan;
  /** Pages rendered, books made. */
  rendered: number;
  books: number;
  /** How long each step took (ms), for the log. */
  steps: Record<string, number>;
}

const keptFiles = (plan: PublishPlan) => Object.values(plan.kept).flatMap((output) => output.files);

/**
 * Turns `dir`, which holds the publish `before`, into the kept part of this publish: the files of
 * outputs that changed since and of the files every publish makes are removed (unlinked: the
 * served site may share them), and the kept outputs it lacks are linked from the served site.
 * Only what changed in two publishes is touched, so the cost does not grow with the site.
 */
async function bringUpToDate(dir: string, before: PublishManifest, servedDir: string, plan: PublishPlan): Promise<void> {
  const stale = [...before.global];
  for (const [key, output] of Object.entries(before.outputs)) {
    if (plan.kept[key]?.fingerprint !== output.fingerprint) stale.push(...output.files);
  }
  await Promise.all(stale.map((file) => fs.rm(path.join(dir, file), { force: true })));
  const missing = Object.entries(plan.kept)
    .filter(([key, output]) => before.outputs[key]?.fingerprint !== output.fingerprint)
    .flatMap(([, output]) => output.files);
  await linkFiles(servedDir, dir, missing);
}

/** The search parts a publish writes again, written beside its folder. */
interface SearchPartsBeside {
  parts: SearchPart[];
  /** Waits for the parts (starting them if need be), then moves them to their places in `outDir`, once its folder is ready. */
  moveInto(outDir: string): Promise<void>;
  /** Waits for the writing to end, however it ends, and removes what is left beside the folder. */
  settled(): Promise<void>;
}

/**
 * The changed search parts, written beside `outDir` (which the linking step may empty). An
 * incremental publish starts them at once: they need only the content, not the pages' list or the
 * plan, and are the longest step of a one-chapter edit. A full build starts them once its pages
 * are rendered: Pagefind takes 200–270 MB while it writes a part, which beside the render
 * workers passed the memory budget at 10,000 chapters; the build takes longer (a fifth there)
 * (docs/decisions/0055-memory-of-the-server-and-its-builds.md).
 */
function searchPartsBeside(input: PublishInput): SearchPartsBeside {
  const { snapshot, siteUrl, renderer, previous, outDir, signal } = input;
  // Named after the build, so that a killed publish's leftover goes with the build (site-publisher.ts).
  const staging = `${outDir}.search-parts`;
  const { parts, full } = searchPartsToWrite({
    snapshot,
    siteUrl,
    code: renderer.code,
    previous: previous?.manifest ?? null,
    forceFull: input.forceFull,
  });
  const readBody = readChapterBodiesFrom(input.content);
  let written: Promise<void> | null = null;
  const start = () => {
    written ??= (async () => {
      for (const part of parts) {
        signal?.throwIfAborted();
        await writeSearchPart(staging, part, readBody);
      }
    })();
    return written;
  };
  if (!full) start().catch(() => {}); // awaited by moveInto, or by settled when the publish failed first
  return {
    parts,
    async moveInto(dir) {
      await start();
      for (const part of parts) {
        const place = path.join(dir, part.dir);
        await fs.rm(place, { recursive: true, force: true });
        await fs.mkdir(path.dirname(place), { recursive: true });
        await fs.rename(path.join(staging, part.dir), place);
      }
    },
    async settled() {
      await written?.catch(() => {});
      await fs.rm(staging, { recursive: true, force: true });
    },
  };
}

export async function publishSite(input: PublishInput): Promise<PublishResult> {
  const search = searchPartsBeside(input);
  try {
    return await buildSite(input, search);
  } finally {
    await search.settled();
    await endSearchIndexer(); // its memory is not kept between publishes
  }
}

async function buildSite(input: PublishInput, search: SearchPartsBeside): Promise<PublishResult> {
  const { renderer, snapshot, content, outDir, previous, siteUrl, readImage, signal } = input;
  const steps: Record<string, number> = {};
  let started = performance.now();
  const step = (name: string) => {
    steps[name] = Math.round(performance.now() - started);
    started = performance.now();
  };
  const paths = await renderer.service.paths(content);
  const shares = await sharePictures(snapshot, readImage);
  const plan = planPublish({
    snapshot,
    siteUrl,
    code: renderer.code,
    paths,
    previous: previous?.manifest ?? null,
    shares: shares.pictures,
    forceFull: input.forceFull,
  });
  signal?.throwIfAborted();
  step('plan');

  let assets: string[];
  if (previous && input.reuse && !plan.full && input.reuse.code === renderer.code) {
    await bringUpToDate(outDir, input.reuse, previous.dir, plan);
    assets = input.reuse.assets;
  } else {
    await fs.rm(outDir, { recursive: true, force: true });
    await fs.mkdir(outDir, { recursive: true });
    assets = await listFiles(renderer.service.assetsDir, (file) => file.startsWith('.prerender'));
    await linkFiles(renderer.service.assetsDir, outDir, assets);
    if (previous) await linkFiles(previous.dir, outDir, keptFiles(plan));
  }
  signal?.throwIfAborted();
  step('link');

  const readText = readChapterTextsFrom(content.texts);
  const origin = siteOrigin(snapshot.profile.site_domain, new URL(siteUrl));
  // Side by side: the pages in the render workers, the books and share pictures here, the search
  // parts in Pagefind's own process.
  const timed = async <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const begun = performance.now();
    const result = await task();
    steps[name] = Math.round(performance.now() - begun);
    return result;
  };
  const sitemapPages = paths.filter((page) => page.component.endsWith('.astro') && page.pathname !== '/404').map((page) => page.pathname);
  const rendering = timed('pages', () => renderer.service.render(content, outDir, plan.full ? null : plan.render, signal));
  const [pages, , , searchListing, sitemap] = await settleAll([
    rendering,
    timed('books', () => writeStoryEpubs(outDir, { ...snapshot, stories: plan.books }, siteUrl, readImage, readText, input.epubCacheDir)),
    timed('share', () => shares.write(outDir, plan.changedShares)),
    timed('search', async () => {
      if (plan.full) await rendering; // then the parts (searchPartsBeside)
      await search.moveInto(outDir);
      return writeSearchListing(outDir, plan.searchParts);
    }),
    timed('sitemap', async () => {
      const files = await writeSitemap(outDir, origin, sitemapPages, snapshot);
      return [...files, ...(await compressedCopies(outDir, files))];
    }),
  ]);
  signal?.throwIfAborted();
  step('all');
  // Compressed copies of the search files this publish wrote (the worker compressed the pages).
  const searchFiles = [...searchListing, ...(await Promise.all(search.parts.map((part) => partFiles(outDir, part)))).flat()];
  const copies = await compressedCopies(outDir, searchFiles);
  signal?.throwIfAborted();
  step('compress');

  const outputs: PublishManifest['outputs'] = { ...plan.kept };
  const made = (key: string, files: string[]) => {
    const fingerprint = plan.fingerprints.get(key);
    if (fingerprint !== undefined) outputs[key] = { fingerprint, files };
  };
  const global = [...sitemap, ...searchFiles, ...copies];
  for (const [pathname, files] of Object.entries(pages)) {
    if (plan.fingerprints.has(pageKey(pathname))) made(pageKey(pathname), files);
    else global.push(...files);
  }
  for (const picture of plan.changedShares) made(shareKey(picture), [picture.sitePath.slice(1)]);
  for (const story of plan.books) {
    const file = storyEpubPath(story.slug).slice(1);
    made(bookKey(story.slug), (await exists(path.join(outDir, file))) ? [file] : []);
  }
  const written = new Set<string>();
  for (const part of search.parts) {
    const files = await partFiles(outDir, part); // with their compressed copies now
    for (const file of files) written.add(file);
    made(searchKey(part), files);
  }
  const kept = new Set(keptFiles(plan));
  return {
    manifest: {
      version: MANIFEST_VERSION,
      code: renderer.code,
      siteWide: plan.siteWide,
      outputs,
      global: global.filter((file) => !written.has(file) && !kept.has(file)),
      assets,
    },
    plan,
    rendered: Object.keys(pages).length,
    books: plan.books.length,
    steps,
  };
}

/** The files of a search part's folder in `outDir`, relative to it. */
const partFiles = async (outDir: string, part: SearchPart) =>
  (await listFiles(path.join(outDir, part.dir)).catch(() => [])).map((file) => path.join(part.dir.slice(1), file));

/** Writes the compressed copies of `files` (relative to `outDir`); the copies written, relative to it. */
async function compressedCopies(outDir: string, files: readonly string[]): Promise<string[]> {
  const copies = await precompressFiles(
    files.map((file) => path.join(outDir, file)),
    outDir,
  );
  return copies.map((copy) => path.relative(outDir, copy));
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
