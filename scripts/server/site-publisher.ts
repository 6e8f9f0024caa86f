// Keeps the published static site current. Each rebuild goes into a fresh folder; only when
// it succeeds is it swapped in (one pointer change, then a file rename for restarts), so
// readers never see a half-built site and a failed build leaves the previous one up.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { failureOf, type PublishState, type RebuildTrigger } from '#core/rebuild.ts';

/**
 * Files about a published folder live beside it, named after it (`build-….publish.json`, its
 * manifest, and `build-….content.json`, the content it was made from: site-publishing.ts; and
 * while it is built, `build-….search-parts`: site-builder.ts).
 */
export const besideBuild = (siteDir: string, what: 'publish' | 'content') => `${siteDir}.${what}.json`;
/** The build a folder or a file beside one belongs to (build names have no dot). */
const buildOf = (entry: string) => entry.split('.')[0]!;

/** Renames the build folder `from` and the files beside it (besideBuild) to `to`. */
function renameBuild(from: string, to: string): void {
  for (const entry of fs.readdirSync(path.dirname(from))) {
    if (buildOf(entry) === path.basename(from))
      fs.renameSync(
        path.join(path.dirname(from), entry),
        path.join(path.dirname(to), path.basename(to) + entry.slice(path.basename(from).length)),
      );
  }
}

function removeBuild(dir: string): void {
  for (const entry of fs.readdirSync(path.dirname(dir)))
    if (buildOf(entry) === path.basename(dir)) fs.rmSync(path.join(path.dirname(dir), entry), { recursive: true, force: true });
}

export interface SitePublisherOptions {
  /** Folder that holds the builds and the `current` pointer file. */
  sitesDir: string;
  /**
   * Builds the site into `outDir` (rejects on failure), building on the folder being served
   * (`previousDir`, null before the first publish); `signal` aborts it when the server stops.
   * `reusing`: `outDir` is the folder served before `previousDir`, to bring up to date.
   */
  build(outDir: string, signal: AbortSignal, previousDir: string | null, reusing: boolean): Promise<void>;
  /**
   * Makes the new folder `to` a copy of the published folder `from` (its files hard-linked, its
   * record beside it written last), to be the spare when there is none: the first publish is
   * copied before it is served, and the next one then changes what changed instead of linking the
   * whole site anew.
   */
  clone?(from: string, to: string): Promise<void>;
  debounceMs: number;
  log(line: string): void;
}

/**
 * The folder swapped out by the last publish is kept as the spare, which the next publish brings
 * up to date instead of making a folder anew; not before this long, so requests that were reading
 * it when it was swapped out are done. A publish that comes sooner waits for the rest: linking a
 * whole site anew costs more (seconds at 10,000 chapters).
 */
const SPARE_REST_MS = 500;

export class SitePublisher implements RebuildTrigger {
  private readonly options: SitePublisherOptions;
  private currentDir: string | null = null;
  private spare: { dir: string; since: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  /** Work that keeps publishes out while it runs (exclusive: a backup). */
  private holding: Promise<void> | null = null;
  private lastEndedAt = 0;
  private pendingReasons: string[] = [];
  private readonly stopping = new AbortController();
  private lastPublishedAt: Date | null = null;
  private lastError: PublishState['last_error'] = null;

  constructor(options: SitePublisherOptions) {
    this.options = options;
  }

  /** The folder being served, or null before the first successful build. */
  get current(): string | null {
    return this.currentDir;
  }

  private get pointerFile(): string {
    return path.join(this.options.sitesDir, 'current');
  }

  /** Picks up the build published before a restart; true when there is one to serve. */
  restore(): boolean {
    try {
      const name = fs.readFileSync(this.pointerFile, 'utf8').trim();
      const dir = path.join(this.options.sitesDir, name);
      if (name && fs.existsSync(path.join(dir, 'index.html'))) {
        this.currentDir = dir;
        this.lastPublishedAt = fs.statSync(this.pointerFile).mtime;
        this.spare = this.completeBuildBesides(name);
      }
    } catch {
      this.currentDir = null;
    }
    return this.currentDir !== null;
  }

  /**
   * The newest build other than `served` whose publish finished (its manifest is beside it: a
   * publish removes it before touching a folder and writes it last), as a spare with its rest
   * done: no request of a stopped server is reading it.
   */
  private completeBuildBesides(served: string): { dir: string; since: number } | null {
    const builds = fs.readdirSync(this.options.sitesDir).filter((entry) => /^build-[^.]+$/.test(entry) && entry !== served);
    const complete = builds.filter((build) => fs.existsSync(besideBuild(path.join(this.options.sitesDir, build), 'publish')));
    const newest = complete.sort().at(-1);
    return newest ? { dir: path.join(this.options.sitesDir, newest), since: 0 } : null;
  }

  state(): PublishState {
    return {
      publishing: this.pendingReasons.length > 0 || this.running !== null,
      last_published_at: this.lastPublishedAt?.toISOString() ?? null,
      last_error: this.lastError,
    };
  }

  schedule(reason: string): void {
    this.pendingReasons.push(reason);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.publishPending().catch(() => {}), this.options.debounceMs);
  }

  /**
   * The debounced path. Several timers can fire while one build runs; the first to get its turn
   * builds every change scheduled so far, and the others find nothing left to build.
   */
  private async publishPending(): Promise<void> {
    await this.whenFree(() => {});
    if (this.pendingReasons.length > 0) await this.publishNow();
  }

  /**
   * Starts `start` once neither a publish nor exclusive work runs, in the same turn as the last
   * check, so two that waited never start together.
   */
  private async whenFree<T>(start: () => T): Promise<T> {
    // A failed build before is no reason for what waits to fail: it was logged where it happened.
    while (this.running || this.holding) await (this.running ?? this.holding)!.catch(() => {});
    return start();
  }

  /** Whether a publish is waiting or running, or ended less than `quietMs` ago. */
  busyWithin(quietMs: number): boolean {
    return this.pendingReasons.length > 0 || this.running !== null || Date.now() - this.lastEndedAt < quietMs;
  }

  /** Runs `task` once no publish runs; publishes that come meanwhile wait for it (a backup: decision 55). */
  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    return await this.whenFree(() => {
      const result = task();
      this.holding = result
        .then(
          () => {},
          () => {},
        )
        .finally(() => {
          this.holding = null;
        });
      return result;
    });
  }

  /** Builds and swaps in a new site now; concurrent calls wait for the build in progress first. */
  async publishNow(reason?: string): Promise<void> {
    if (reason) this.pendingReasons.push(reason);
    return this.whenFree(() => {
      const reasons = this.pendingReasons.splice(0);
      this.running = this.buildAndSwap(reasons).finally(() => {
        this.running = null;
        this.lastEndedAt = Date.now();
      });
      return this.running;
    });
  }

  private async buildAndSwap(reasons: string[]): Promise<void> {
    const { sitesDir, build, log } = this.options;
    const spare = this.spare?.dir ?? null;
    const rested = (this.spare?.since ?? 0) + SPARE_REST_MS;
    this.spare = null;
    // Every publish gets a folder name of its own, the spare too (renamed): what is cached by a
    // folder's name, such as the static server's index of it, is never taken for another publish.
    const outDir = newBuildDir(sitesDir);
    const name = path.basename(outDir);
    const started = performance.now();
    log(`site: building (${reasons.join(', ') || 'requested'})`);
    try {
      if (Date.now() < rested) await sleep(rested - Date.now(), undefined, { signal: this.stopping.signal });
      if (spare) renameBuild(spare, outDir);
      await build(outDir, this.stopping.signal, this.currentDir, spare !== null);
    } catch (error) {
      removeBuild(outDir);
      if (!this.stopping.signal.aborted) this.lastError = failureOf(error, new Date());
      log(
        this.stopping.signal.aborted
          ? 'site: build cancelled'
          : `site: build failed, still serving the previous site. ${(error as Error).message}`,
      );
      throw error;
    }
    const previous = this.currentDir;
    // Nothing was served before, so no folder is left over to build the next publish in: a copy
    // is made now, before readers are sent here (1–3 s at 10,000 chapters), and an edit
    // straight after the first start does not wait for it.
    if (!previous) await this.prepareSpare(outDir);
    this.currentDir = outDir;
    fs.writeFileSync(`${this.pointerFile}.tmp`, name);
    fs.renameSync(`${this.pointerFile}.tmp`, this.pointerFile);
    this.lastPublishedAt = new Date();
    this.lastError = null;
    log(`site: published in ${Math.round(performance.now() - started)} ms`);
    if (previous) this.spare = { dir: previous, since: Date.now() };
    this.removeOldBuilds();
  }

  /** Copies the folder `from` into a spare (never served, so it needs no rest); a failure is only logged. */
  private async prepareSpare(from: string): Promise<void> {
    const { sitesDir, clone, log } = this.options;
    if (!clone) return;
    const dir = newBuildDir(sitesDir);
    try {
      await clone(from, dir);
      this.spare = { dir, since: 0 };
    } catch (error) {
      removeBuild(dir);
      log(`site: could not prepare a spare folder (the next publish links the site anew): ${(error as Error).message}`);
    }
  }

  /** Removes every build but the served one and the spare (builds left by a killed publish, or by a server before a restart). */
  private removeOldBuilds(): void {
    const { sitesDir } = this.options;
    const keep = new Set([this.currentDir, this.spare?.dir].flatMap((dir) => (dir ? [path.basename(dir)] : [])));
    // The files beside a build go with it; a killed publish may have left any of them alone.
    for (const entry of fs.readdirSync(sitesDir)) {
      if (entry.startsWith('build-') && !keep.has(buildOf(entry))) fs.rmSync(path.join(sitesDir, entry), { recursive: true, force: true });
    }
  }

  /** Cancels a scheduled rebuild and aborts one in progress. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.stopping.abort();
    await this.running?.catch(() => {});
  }
}

const newBuildDir = (sitesDir: string) => path.join(sitesDir, `build-${Date.now()}-${crypto.randomUUID().slice(0, 8)}`);
