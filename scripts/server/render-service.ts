// Starts and talks to the render service: `astro build` in a child process that bundles the site
// once and then renders the pages each publish asks for (render-service-integration.ts; why:
// docs/decisions/0051-incremental-publishing.md). The child owns no database: every job names the
// content files the server wrote. Its memory goes back when it stops, and a crash in it fails
// only the publish in progress; the next publish starts a new one.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PagePath, RenderReply, RenderRequest } from './render-protocol.ts';
import { removeAbandonedStaging, stagingOwner } from './staging-owners.ts';

/** Enough for the content index of a catalogue of tens of thousands of chapters. */
const WORKER_HEAP_MB = 384;
const workerScript = fileURLToPath(new URL('./render-worker.ts', import.meta.url));
const astroBin = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');

export interface ContentFiles {
  /** The content index (JSON) and the chapter texts folder (scripts/server/content-files.ts). */
  index: string;
  texts: string;
}

export interface RenderServiceOptions {
  projectRoot: string;
  siteUrl: string;
  /** The public origin the pages are rendered at (the profile's domain or SITE_URL's). */
  origin: string;
  /** The content the bundle is made with: its profile's domain becomes the pages' address (astro.config.mjs). */
  content: ContentFiles;
}

type Pending = { resolve(reply: RenderReply): void; reject(error: Error): void };

export class RenderService {
  /** The bundle's scripts, styles and public files, which every published site holds. */
  readonly assetsDir: string;
  /** Astro's prerender bundle, which the worker renders with. */
  readonly bundleDir: string;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited: Error | null = null;

  private constructor(child: ChildProcess, assetsDir: string, bundleDir: string) {
    this.child = child;
    this.assetsDir = assetsDir;
    this.bundleDir = bundleDir;
    child.on('message', (reply: RenderReply) => {
      if (reply.type === 'ready') return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.type === 'failed') waiting?.reject(new Error(reply.message));
      else waiting?.resolve(reply);
    });
    child.once('exit', (code, signal) => {
      this.exited = new Error(`The render service stopped (${signal ?? `exit ${code}`}).`);
      for (const waiting of this.pending.values()) waiting.reject(this.exited);
      this.pending.clear();
    });
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
    // A bounded heap: the worker holds one publish's index and a few pages at a time, and
    // collects garbage as it goes instead of growing with every page of a full build.
    const child = spawn(process.execPath, [`--max-old-space-size=${WORKER_HEAP_MB}`, workerScript, bundleDir, origin], {
      cwd: projectRoot,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(signal ? { signal } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, exitSignal) =>
        reject(new Error(`The render worker stopped while starting (${exitSignal ?? `exit ${code}`}).`)),
      );
      child.on('message', (reply: RenderReply) => {
        if (reply.type === 'ready') resolve();
      });
    });
    child.removeAllListeners('exit');
    return new RenderService(child, assetsDir, bundleDir);
  }

  get running(): boolean {
    return this.exited === null;
  }

  /** Every page `content` has, with its template. */
  async paths(content: ContentFiles): Promise<PagePath[]> {
    const reply = await this.ask({ type: 'paths', id: 0, ...content });
    if (reply.type !== 'paths') throw new Error(`The render service answered ${reply.type} to a list of pages.`);
    return reply.paths;
  }

  /** Renders `paths` (every page when null) of `content` into `outDir`; the files written for each page, relative to it. */
  async render(content: ContentFiles, outDir: string, paths: string[] | null): Promise<Record<string, string[]>> {
    const reply = await this.ask({ type: 'render', id: 0, ...content, outDir, paths });
    if (reply.type !== 'rendered') throw new Error(`The render service answered ${reply.type} to pages to render.`);
    return reply.pages;
  }

  private ask(request: Exclude<RenderRequest, { type: 'stop' }>): Promise<RenderReply> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...request, id });
    });
  }

  /** Lets the service finish its job and exit (killed after `graceMs`); its bundle folder is removed. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.running) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.send({ type: 'stop' } satisfies RenderRequest);
      const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    await Promise.all([this.assetsDir, this.bundleDir].map((dir) => fs.rm(dir, { recursive: true, force: true })));
  }
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
