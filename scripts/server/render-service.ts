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
import type { PagePath, RenderReply, RenderRequest } from './render-protocol.ts';
import { removeAbandonedStaging, stagingOwner } from './staging-owners.ts';

const astroBin = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');

export interface ContentFiles {
  /** The content index (JSON) and the chapter texts folder (scripts/server/content-files.ts). */
  index: string;
  texts: string;
}

export interface RenderServiceOptions {
  projectRoot: string;
  siteUrl: string;
  /** The content the bundle is made with: its profile's domain becomes the pages' address (astro.config.mjs). */
  content: ContentFiles;
}

type Pending = { resolve(reply: RenderReply): void; reject(error: Error): void };

export class RenderService {
  /** The bundle's scripts, styles and public files, which every published site holds. */
  readonly assetsDir: string;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited: Error | null = null;

  private constructor(child: ChildProcess, assetsDir: string) {
    this.child = child;
    this.assetsDir = assetsDir;
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

  /** Bundles the site (a few seconds) and resolves once the service takes jobs. */
  static async start({ projectRoot, siteUrl, content }: RenderServiceOptions, signal?: AbortSignal): Promise<RenderService> {
    const stagingRoot = path.join(projectRoot, '.site', 'staging');
    await fs.mkdir(stagingRoot, { recursive: true });
    const owner = await stagingOwner(stagingRoot);
    await removeAbandonedStaging(stagingRoot, owner);
    // Inside the project, one folder per service: see site-builder.ts for why.
    const outDir = path.join(stagingRoot, `${owner}-render-${randomUUID().slice(0, 8)}`);
    const child = spawn(process.execPath, [astroBin, 'build', '--silent'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        SITE_RENDER_SERVICE: '1',
        SITE_OUT_DIR: outDir,
        SITE_URL: siteUrl,
        CONTENT_SNAPSHOT: content.index,
        CONTENT_TEXTS: content.texts,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      ...(signal ? { signal } : {}),
    });
    const output: string[] = [];
    const keep = (chunk: Buffer) => output.push(chunk.toString());
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const ready = await new Promise<Extract<RenderReply, { type: 'ready' }>>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, exitSignal) => {
        const tail = output.join('').split('\n').slice(-40).join('\n');
        reject(new Error(`astro build failed (${exitSignal ?? `exit ${code}`}):\n${tail}`));
      });
      child.on('message', (reply: RenderReply) => {
        if (reply.type === 'ready') resolve(reply);
      });
    });
    // Output after start-up is not kept: the service lives as long as the server.
    child.stdout!.off('data', keep).resume();
    child.stderr!.off('data', keep).resume();
    child.removeAllListeners('exit');
    return new RenderService(child, ready.assetsDir);
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
    await fs.rm(this.assetsDir, { recursive: true, force: true });
  }
}
