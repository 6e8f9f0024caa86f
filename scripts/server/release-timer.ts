// The Node server's release timer: publishes scheduled chapters at their release time. It keeps
// nothing in memory that a restart would lose: every run reads the next release time from the
// database, so at start it releases what fell due while the server was down and arms itself for
// the next one. The serverless deployment runs the same `runDueReleases` from a cron trigger.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { RebuildTrigger } from '../../functions/core/rebuild.ts';
import { runDueReleases } from '../../functions/releases/run.ts';
import { releaseStore } from '../../functions/releases/store.ts';

/**
 * The longest single wait. Node cannot wait longer than ~24.8 days in one timer, and a wall clock
 * that jumps (NTP, suspend) is caught up with at least this often.
 */
const MAX_WAIT_MS = 60 * 60 * 1000;
/** After a failed run (database busy or gone), try again this much later. */
const RETRY_MS = 60 * 1000;

export interface ReleaseTimerOptions {
  db: Kysely<Database>;
  rebuild: RebuildTrigger;
  log: (line: string) => void;
  now?: () => Date;
}

export class ReleaseTimer {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;
  readonly #options: ReleaseTimerOptions;

  constructor(options: ReleaseTimerOptions) {
    this.#options = options;
  }

  /** Releases what is overdue and arms the timer; resolves when that first run is done. */
  start(): Promise<void> {
    return this.changed();
  }

  /** A release time was set or cleared: runs again now, after any run in progress. */
  changed(): Promise<void> {
    this.#running = this.#running.then(() => this.#run());
    return this.#running;
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #run(): Promise<void> {
    if (this.#stopped) return;
    const { db, rebuild, log } = this.#options;
    const now = this.#options.now?.() ?? new Date();
    clearTimeout(this.#timer);
    try {
      const released = await runDueReleases({ db, rebuild }, now);
      if (released.length > 0) log(`releases: published ${released.length} scheduled chapter(s)`);
      const next = await releaseStore.nextReleaseAt(db);
      if (next) this.#arm(Math.min(Math.max(next.getTime() - now.getTime(), 0), MAX_WAIT_MS));
    } catch (error) {
      log(`releases: run failed, retrying in a minute: ${error instanceof Error ? error.message : String(error)}`);
      this.#arm(RETRY_MS);
    }
  }

  #arm(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.changed(), delayMs);
  }
}
