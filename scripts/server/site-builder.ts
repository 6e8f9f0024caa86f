// Makes one publish of the static site into a new folder (docs/decisions/0051-incremental-publishing.md):
// the renderer's scripts, styles and public files, the outputs the plan keeps (hard-linked from the
// site being served), and the rest made now: pages by the render service, the books of changed
// stories and the share images here at the same time (both cores work), then the search index,
// the sitemap and the compressed copies of what is new. The folder is swapped in by the publisher
// only once all of it is there, so readers see one publish or the next, never a mix.
import fs from 'node:fs/promises';
import path from 'node:path';
import { readChapterTextsFrom } from '#lib/chapter-texts.ts';
import type { ReadImage } from '#lib/epub/index.ts';
import { storyEpubPath } from '#lib/epub/index.ts';
import { siteOrigin } from '#lib/seo.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { writeStoryEpubs } from './epub-files.ts';
import { precompressFiles } from './precompress.ts';
import { bookKey, MANIFEST_VERSION, type PublishManifest, type PublishPlan, pageKey, planPublish } from './publish-plan.ts';
import type { ContentFiles, RenderService } from './render-service.ts';
import { writeSearchIndex } from './search-index.ts';
import { writeShareImages } from './share-images.ts';
import { linkFiles, listFiles } from './site-links.ts';
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
  siteUrl: string;
  readImage: ReadImage;
  signal?: AbortSignal | undefined;
  forceFull?: boolean;
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

/** Files every publish makes again, whatever changed: they list or show the whole site. */
const SEARCH_DIRS = ['pagefind', 'pagefind-adult'];

export async function publishSite(input: PublishInput): Promise<PublishResult> {
  const { renderer, snapshot, content, outDir, previous, siteUrl, readImage, signal } = input;
  const steps: Record<string, number> = {};
  let started = performance.now();
  const step = (name: string) => {
    steps[name] = Math.round(performance.now() - started);
    started = performance.now();
  };
  const paths = await renderer.service.paths(content);
  const plan = planPublish({
    snapshot,
    siteUrl,
    code: renderer.code,
    paths,
    previous: previous?.manifest ?? null,
    forceFull: input.forceFull,
  });
  signal?.throwIfAborted();
  step('plan');

  await fs.mkdir(outDir, { recursive: true });
  const assets = await listFiles(renderer.service.assetsDir, (file) => file.startsWith('.prerender'));
  await linkFiles(renderer.service.assetsDir, outDir, assets);
  if (previous)
    await linkFiles(
      previous.dir,
      outDir,
      Object.values(plan.kept).flatMap((output) => output.files),
    );
  signal?.throwIfAborted();
  step('link');

  const readText = readChapterTextsFrom(content.texts);
  const origin = siteOrigin(snapshot.profile.site_domain, new URL(siteUrl));
  const [pages, books] = await Promise.all([
    renderer.service.render(content, outDir, plan.full ? null : plan.render),
    writeStoryEpubs(outDir, { ...snapshot, stories: plan.books }, siteUrl, readImage, readText).then(() =>
      plan.books.map((story) => ({ key: bookKey(story.slug), file: storyEpubPath(story.slug).slice(1) })),
    ),
    writeShareImages(outDir, snapshot, readImage),
  ]);
  signal?.throwIfAborted();
  step('render');
  await writeSearchIndex(outDir, snapshot, readText);
  step('search');
  const sitemap = await writeSitemap(
    outDir,
    origin,
    paths.filter((page) => page.component.endsWith('.astro') && page.pathname !== '/404').map((page) => page.pathname),
    snapshot,
  );
  const searchFiles = (await Promise.all(SEARCH_DIRS.map((dir) => listFiles(path.join(outDir, dir)).catch(() => [])))).flatMap((files, i) =>
    files.map((file) => path.join(SEARCH_DIRS[i]!, file)),
  );
  await precompressFiles(
    [...sitemap, ...searchFiles].map((file) => path.join(outDir, file)),
    outDir,
  );
  signal?.throwIfAborted();
  step('sitemap');

  const outputs: PublishManifest['outputs'] = { ...plan.kept };
  const made = (key: string, files: string[]) => {
    const fingerprint = plan.fingerprints.get(key);
    if (fingerprint !== undefined) outputs[key] = { fingerprint, files };
  };
  for (const [pathname, files] of Object.entries(pages)) made(pageKey(pathname), files);
  for (const { key, file } of books) made(key, (await exists(path.join(outDir, file))) ? [file] : []);
  return {
    manifest: { version: MANIFEST_VERSION, code: renderer.code, siteWide: plan.siteWide, outputs },
    plan,
    rendered: Object.keys(pages).length,
    books: books.length,
    steps,
  };
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
