// A timer for work that falls due at times kept outside the process: release times in the
// database, the newest backup's time in its folder. Each run does what is due and says when to
// look again, so a restart loses nothing: the first run after it catches up. Runs never overlap.

/**
 * The longest single wait. Node cannot wait longer than ~24.8 days in one timer, and a wall clock
 * that jumps (NTP, suspend) is caught up with at least this often.
 */
const MAX_WAIT_MS = 60 * 60 * 1000;

export interface DueWork {
  /** Does what is due at `now`; resolves to how long to wait before the next run, or null to wait until woken. */
  run(now: Date): Promise<number | null>;
  /** A run threw: how long to wait before trying again (log the error here). */
  retryAfter(error: unknown): number;
  now?: () => Date;
}

export class DueTimer {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;
  readonly #work: DueWork;

  constructor(work: DueWork) {
    this.#work = work;
  }

  /** Runs now (after any run in progress) and re-arms; resolves when that run is done. */
  wake(): Promise<void> {
    this.#running = this.#running.then(() => this.#run());
    return this.#running;
  }

  /** No new run starts; resolves once a run in progress has finished. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #run(): Promise<void> {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    let delayMs: number | null;
    try {
      delayMs = await this.#work.run(this.#work.now?.() ?? new Date());
    } catch (error) {
      delayMs = this.#work.retryAfter(error);
    }
    if (delayMs === null || this.#stopped) return;
    this.#timer = setTimeout(() => void this.wake(), Math.min(Math.max(delayMs, 0), MAX_WAIT_MS));
    this.#timer.unref?.();
  }
}
