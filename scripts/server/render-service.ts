// The render service: `astro build` bundles the site once and keeps its prerender bundle
// (render-service-integration.ts), then a render worker (render-worker.ts) renders the pages each
// publish asks for, for as long as the server runs (why: docs/decisions/0051-incremental-publishing.md).
// No child owns the database: every job names the content files the server wrote. A crash in a
// child fails only the publish in progress; the next publish starts a new service.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PagePath, RenderReply } from './render-protocol.ts';
import { RenderWorker } from './render-worker-process.ts';
import { settleAll } from './settle-all.ts';
import { LEAN_MALLOC_ENV } from './lean-memory.ts';
import { removeAbandonedStaging, stagingOwner } from './staging-owners.ts';

const astroBin = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');

export interface ContentFiles {
  /** The content index (JSON) and the chapter texts folder (scripts/server/content-files.ts). */
  index: string;
  texts: string;
  /** Where the chapters' bodies are kept between publishes (src/lib/chapter-texts.ts); none: rendered every time. */
  bodies?: string | undefined;
}

export interface RenderServiceOptions {
  projectRoot: string;
  siteUrl: string;
  /** The public origin the pages are rendered at (the profile's domain or SITE_URL's). */
  origin: string;
  /** The content the bundle is made with: its profile's domain becomes the pages' address (astro.config.mjs). */
  content: ContentFiles;
}

/** Pages a job must have before a second worker shares it (starting one takes about a second). */
const SHARED_JOB_PAGES = 300;

export class RenderService {
  /** The bundle's scripts, styles and public files, which every published site holds. */
  readonly assetsDir: string;
  /** Astro's prerender bundle, which the workers render with. */
  readonly bundleDir: string;
  private readonly projectRoot: string;
  private readonly origin: string;
  private readonly worker: RenderWorker;

  private constructor(options: { projectRoot: string; origin: string; assetsDir: string; bundleDir: string; worker: RenderWorker }) {
    this.projectRoot = options.projectRoot;
    this.origin = options.origin;
    this.assetsDir = options.assetsDir;
    this.bundleDir = options.bundleDir;
    this.worker = options.worker;
  }

  /** Bundles the site (a few seconds), then starts the worker; resolves once it takes jobs. */
  static async start({ projectRoot, siteUrl, origin, content }: RenderServiceOptions, signal?: AbortSignal): Promise<RenderService> {
    const stagingRoot = path.join(projectRoot, '.site', 'staging');
    await fs.mkdir(stagingRoot, { recursive: true });
    const owner = await stagingOwner(stagingRoot);
    await removeAbandonedStaging(stagingRoot, owner);
    // Inside the project, one folder per service, so the bundle's bare imports resolve (see staging-owners.ts).
    const assetsDir = path.join(stagingRoot, `${owner}-render-${randomUUID().slice(0, 8)}`);
    const bundleDir = `${assetsDir}-bundle`;
    await run(
      [astroBin, 'build', '--silent'],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          ...LEAN_MALLOC_ENV,
          // The worker loads the libraries' production builds: the bundle must be made for them.
          NODE_ENV: 'production',
          SITE_RENDER_BUNDLE: bundleDir,
          SITE_OUT_DIR: assetsDir,
          SITE_URL: siteUrl,
          CONTENT_SNAPSHOT: content.index,
          CONTENT_TEXTS: content.texts,
          ASTRO_TELEMETRY_DISABLED: '1',
        },
      },
      signal,
    );
    const worker = await RenderWorker.start(projectRoot, bundleDir, origin, signal);
    return new RenderService({ projectRoot, origin, assetsDir, bundleDir, worker });
  }

  get running(): boolean {
    return this.worker.running;
  }

  /** Every page `content` has, with its template. */
  async paths(content: ContentFiles): Promise<PagePath[]> {
    const reply = await this.worker.ask({ type: 'paths', id: 0, ...content });
    if (reply.type !== 'paths') throw new Error(`The render service answered ${reply.type} to a list of pages.`);
    return reply.paths;
  }

  /**
   * Renders `paths` (every page when null) of `content` into `outDir`; the files written for each
   * page, relative to it. A large job is shared with a second worker for its duration, so a full
   * build renders on two cores.
   */
  async render(content: ContentFiles, outDir: string, paths: string[] | null, signal?: AbortSignal): Promise<Record<string, string[]>> {
    const pages = paths ?? (await this.paths(content)).map((page) => page.pathname);
    const shared = pages.length >= SHARED_JOB_PAGES && os.availableParallelism() > 1;
    if (!shared) return rendered(await this.worker.ask({ type: 'render', id: 0, ...content, outDir, paths: pages }));
    const helper = await RenderWorker.start(this.projectRoot, this.bundleDir, this.origin, signal);
    try {
      // Every other page to each: neighbours cost alike (a story's chapters are listed together).
      const halves = [pages.filter((_, i) => i % 2 === 0), pages.filter((_, i) => i % 2 === 1)];
      const results = await settleAll(
        [this.worker, helper].map(async (worker, i) =>
          rendered(await worker.ask({ type: 'render', id: 0, ...content, outDir, paths: halves[i]! })),
        ),
      );
      return Object.assign({}, ...results);
    } finally {
      await helper.stop();
    }
  }

  /** Lets the workers finish their job and exit; the bundle folders are removed. */
  async stop(): Promise<void> {
    await this.worker.stop();
    await Promise.all([this.assetsDir, this.bundleDir].map((dir) => fs.rm(dir, { recursive: true, force: true })));
  }
}

function rendered(reply: RenderReply): Record<string, string[]> {
  if (reply.type !== 'rendered') throw new Error(`The render worker answered ${reply.type} to pages to render.`);
  return reply.pages;
}

/** Runs a Node script to its end; rejects with the end of its output when it fails. */
function run(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    const output: string[] = [];
    const keep = (chunk: Buffer) => output.push(chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, exitSignal) => {
      if (code === 0) return resolve();
      const tail = output.join('').split('\n').slice(-40).join('\n');
      reject(new Error(`astro build failed (${exitSignal ?? `exit ${code}`}):\n${tail}`));
    });
  });
}
