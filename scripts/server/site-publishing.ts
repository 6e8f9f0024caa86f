// What a publish needs besides the plan and the folder: the content files written from the
// database, a render service that lives from one publish to the next (restarted when it died or
// when the site's address changed, which its bundle holds), and the manifest kept beside each
// published folder so the next publish, also after a restart, knows what it can keep.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import type { ReadImage } from '#lib/epub/index.ts';
import { siteOrigin } from '#lib/seo.ts';
import type { ContentSnapshot } from '#lib/snapshot.ts';
import { readContentSnapshot } from '#functions/site/snapshot.ts';
import { codeVersion } from './code-version.ts';
import { removeUnusedEpubCache, siteImageReader } from './epub-files.ts';
import { removeUnusedChapterBodies, removeUnusedChapterTexts, writeChapterTexts, writeFileAtomically } from './content-files.ts';
import { manifestFiles, type PublishManifest } from './publish-plan.ts';
import { type ContentFiles, RenderService } from './render-service.ts';
import { type PublishResult, publishSite, type Renderer } from './site-builder.ts';
import { linkFiles, replaceDirectory } from './site-links.ts';
import { besideBuild } from './site-publisher.ts';
import { writeServiceWorker } from './service-worker.ts';

async function readManifest(siteDir: string): Promise<PublishManifest | null> {
  try {
    return JSON.parse(await fs.readFile(besideBuild(siteDir, 'publish'), 'utf8')) as PublishManifest;
  } catch {
    return null; // none (a site published before manifests) or unreadable: the publish is full
  }
}

/** Keeps one render service for the content's address, and the code version of what it renders. */
export class SiteRendering {
  private current: { renderer: Renderer; origin: string } | null = null;
  private readonly projectRoot: string;
  private readonly siteUrl: string;

  constructor(options: { projectRoot: string; siteUrl: string }) {
    this.projectRoot = options.projectRoot;
    this.siteUrl = options.siteUrl;
  }

  async renderer(content: ContentFiles, snapshot: ContentSnapshot, signal?: AbortSignal): Promise<Renderer> {
    const origin = siteOrigin(snapshot.profile.site_domain, new URL(this.siteUrl));
    if (this.current?.renderer.service.running && this.current.origin === origin) return this.current.renderer;
    await this.stop();
    const service = await RenderService.start({ projectRoot: this.projectRoot, siteUrl: this.siteUrl, origin, content }, signal);
    // The service worker is part of the code every site holds, like the bundle's scripts.
    await writeServiceWorker(service.assetsDir);
    const renderer = { service, code: await codeVersion([service.assetsDir, service.bundleDir], this.projectRoot) };
    this.current = { renderer, origin };
    return renderer;
  }

  async stop(): Promise<void> {
    const stopping = this.current?.renderer.service;
    this.current = null;
    await stopping?.stop();
  }
}

export interface ServerPublishingOptions {
  db: Kysely<Database>;
  rendering: SiteRendering;
  /** Holds the published folders; the content files go in it too. */
  sitesDir: string;
  siteUrl: string;
  readImage: ReadImage;
  followByEmail: boolean;
  /** Every publish full (PUBLISH_MODE=full): how publishing worked before it was incremental. */
  forceFull: boolean;
  log(line: string): void;
}

/** The build step of the server's SitePublisher: one publish into `outDir`, building on `previousDir`. */
export function serverPublishing(options: ServerPublishingOptions) {
  const { db, rendering, sitesDir, siteUrl, readImage, followByEmail, forceFull, log } = options;
  const epubCacheDir = path.join(sitesDir, 'epub-cache');
  const bodiesDir = path.join(sitesDir, 'bodies');
  return async (outDir: string, signal: AbortSignal, previousDir: string | null, reusing: boolean): Promise<void> => {
    // A new index file per publish: the render service reads an index again only when its name changes.
    const content: ContentFiles = { index: besideBuild(outDir, 'content'), texts: path.join(sitesDir, 'texts') };
    const begun = performance.now();
    const snapshot = await readContentSnapshot(db, new Date(), { followByEmail });
    const manifest = previousDir ? await readManifest(previousDir) : null;
    // The spare's manifest goes before the spare changes: a folder without one is never built on.
    const reuse = reusing ? await readManifest(outDir) : null;
    await fs.rm(besideBuild(outDir, 'publish'), { force: true });
    await fs.mkdir(sitesDir, { recursive: true });
    await writeFileAtomically(content.index, JSON.stringify(snapshot));
    // Without a publish to build on, no text file is trusted (a restored database may reuse names).
    await writeChapterTexts(db, content.texts, snapshot, { rewrite: manifest === null });
    signal.throwIfAborted();
    const contentMs = Math.round(performance.now() - begun);
    const renderer = await rendering.renderer(content, snapshot, signal);
    // Bodies are kept per code version: other code may render the same text otherwise.
    content.bodies = path.join(bodiesDir, renderer.code);
    if (manifest === null) await fs.rm(content.bodies, { recursive: true, force: true });
    const result = await publishSite({
      renderer,
      snapshot,
      content,
      outDir,
      previous: previousDir && manifest ? { dir: previousDir, manifest } : null,
      siteUrl,
      readImage,
      signal,
      forceFull,
      epubCacheDir,
      reuse,
    });
    await writeFileAtomically(besideBuild(outDir, 'publish'), JSON.stringify(result.manifest));
    await removeUnusedChapterTexts(content.texts, snapshot);
    await removeUnusedChapterBodies(bodiesDir, renderer.code, snapshot);
    await removeUnusedEpubCache(epubCacheDir, snapshot.stories);
    log(`site: ${describe({ ...result, steps: { content: contentMs, ...result.steps } })}`);
  };
}

/**
 * A copy of the published folder `from` at `to` (site-publisher.ts makes it the spare): every file
 * its record lists, hard-linked, then the record beside it, written last so a copy cut short is
 * never built on.
 */
export async function cloneServedSite(from: string, to: string): Promise<void> {
  const manifest = await readManifest(from);
  if (!manifest) throw new Error(`${path.basename(from)} has no record of its publish`);
  const files = manifestFiles(manifest);
  await fs.mkdir(to);
  await linkFiles(from, to, files);
  await writeFileAtomically(besideBuild(to, 'publish'), JSON.stringify(manifest));
}

function describe({ plan, rendered, books, steps }: PublishResult): string {
  const times = Object.entries(steps)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');
  const made = `${rendered} page${rendered === 1 ? '' : 's'}, ${books} book${books === 1 ? '' : 's'} (${times})`;
  return plan.full ? `full publish (${plan.fullBecause}): ${made}` : `incremental publish: ${made}`;
}

export interface StaticSiteOptions {
  projectRoot: string;
  /** Where the finished site goes; an existing folder there is replaced once the new one is complete. */
  outDir: string;
  snapshot: ContentSnapshot;
  /** The texts of the snapshot's chapters (content-files.ts). */
  textsDir: string;
  siteUrl: string;
  /** The images of the books and share pictures; by default only the project's public/ folder. */
  readImage?: ReadImage;
  signal?: AbortSignal;
}

/** One full build with a render service of its own, stopped after it (`npm run build`, tests, benchmarks). */
export async function buildStaticSite({
  projectRoot,
  outDir,
  snapshot,
  textsDir,
  siteUrl,
  readImage,
  signal,
}: StaticSiteOptions): Promise<void> {
  await fs.mkdir(path.dirname(outDir), { recursive: true });
  const work = await fs.mkdtemp(`${outDir}.incoming-`);
  const content = { index: path.join(work, 'content-index.json'), texts: textsDir };
  const rendering = new SiteRendering({ projectRoot, siteUrl });
  try {
    await fs.writeFile(content.index, JSON.stringify(snapshot));
    const renderer = await rendering.renderer(content, snapshot, signal);
    const siteDir = path.join(work, 'site');
    const images = readImage ?? siteImageReader({ publicDir: path.join(projectRoot, 'public'), storage: null });
    await publishSite({ renderer, snapshot, content, outDir: siteDir, previous: null, siteUrl, readImage: images, signal });
    await replaceDirectory(siteDir, outDir);
  } finally {
    await rendering.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
}
