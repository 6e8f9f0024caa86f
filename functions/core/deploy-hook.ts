// The cloud's RebuildTrigger: a content change POSTs the deploy hook (DEPLOY_HOOK_URL), which
// makes the platform build the static site from the production database. Serverless instances
// share no memory and live only while they answer, so the pending change, the debounce, the retry
// schedule and the last outcome live in one database row (decision 0016). A change is recorded
// at once; the call is made after the debounce by the request's background work (the entry hands
// `idle()` to waitUntil), and retried after a failure by the cron handler calling `runDue()`.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import type { PublishState, RebuildTrigger } from './rebuild.ts';

export interface DeployHookOptions {
  db: Kysely<Database>;
  /** The platform's build hook; it holds a secret, so it is never logged or shown. */
  url: string;
  /** Changes within this window are sent as one call. */
  debounceMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Waits before the debounced call; tests pass one that moves their clock instead. */
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

export const DEFAULT_DEBOUNCE_MS = 3_000;
/** A call that takes longer counts as failed (a deploy hook only queues a build: it answers fast). */
const CALL_TIMEOUT_MS = 15_000;
/** How long an instance holds the row while it calls; longer than a call can take. */
const CLAIM_MS = CALL_TIMEOUT_MS + 15_000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** Wait before the next try after `failures` failed calls in a row: 10 s, 20 s, 40 s … at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failures - 1, 0), LONGEST_RETRY_MS);
}

/** DEPLOY_HOOK_URL as a URL, refused unless it is http(s). */
export function parseDeployHookUrl(raw: string): string {
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error('DEPLOY_HOOK_URL must be an http(s) URL (the build hook of the pages project)');
  return raw;
}

export type DeployHookRun = 'called' | 'failed' | 'nothing due';

export class DeployHookTrigger implements RebuildTrigger {
  private readonly db: Kysely<Database>;
  private readonly url: string;
  private readonly debounceMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly log: (line: string) => void;
  private readonly tasks = new Set<Promise<void>>();

  constructor(options: DeployHookOptions) {
    this.db = options.db;
    this.url = parseDeployHookUrl(options.url);
    this.debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.log = options.log ?? ((line) => console.log(line));
  }

  schedule(reason: string): void {
    const task = this.recordAndCall(reason).catch((error: Error) => this.log(`deploy hook: ${error.message}`));
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
  }

  /** Resolves when the work started by schedule() so far is done: the entry passes it to waitUntil. */
  async idle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  /**
   * While a failed call waits for its retry the admin shows the failure, not *Publishing…* (which
   * would hide it: src/admin/PublishStatus.tsx shows one or the other), as after a failed local build.
   */
  async state(): Promise<PublishState> {
    const row = await this.db.selectFrom('deploy_hook_state').selectAll().executeTakeFirst();
    return {
      publishing: (row?.pending_changes ?? 0) > 0 && row?.failures === 0,
      last_published_at: row?.last_published_at?.toISOString() ?? null,
      last_error: row?.last_error ? { message: row.last_error, at: (row.last_error_at ?? this.now()).toISOString() } : null,
    };
  }

  /**
   * Records the change and pushes the call back to the end of the debounce (never earlier than a
   * retry already planned), waits that long, then calls unless a later change moved it again:
   * that change's own task makes the call.
   */
  private async recordAndCall(reason: string): Promise<void> {
    const dueAt = new Date(this.now().getTime() + this.debounceMs);
    await this.db
      .insertInto('deploy_hook_state')
      .values({ id: 1, pending_changes: 1, reason, due_at: dueAt })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          pending_changes: eb('deploy_hook_state.pending_changes', '+', 1),
          reason,
          // greatest() skips nulls: a past due time gives way, a later retry time stays.
          due_at: eb.fn<Date>('greatest', ['deploy_hook_state.due_at', eb.val(dueAt)]),
        })),
      )
      .execute();
    await this.sleep(this.debounceMs);
    await this.runDue();
  }

  /**
   * Calls the hook when changes are pending, their time has come, and no other instance is calling
   * it right now. The cron handler calls this every few minutes: that is what retries a failed call.
   */
  async runDue(): Promise<DeployHookRun> {
    const now = this.now();
    const claimed = await this.db
      .updateTable('deploy_hook_state')
      .set({ claimed_until: new Date(now.getTime() + CLAIM_MS) })
      .where('id', '=', 1)
      .where('pending_changes', '>', 0)
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .returning(['pending_changes', 'failures', 'reason'])
      .executeTakeFirst();
    if (!claimed) return 'nothing due';

    const failure = await this.call();
    const at = this.now();
    if (failure === null) {
      // Changes made during the call stay pending: the build may have read the database before them.
      await this.db
        .updateTable('deploy_hook_state')
        .set((eb) => ({
          pending_changes: eb('pending_changes', '-', claimed.pending_changes),
          failures: 0,
          claimed_until: null,
          last_published_at: at,
          last_error: null,
          last_error_at: null,
        }))
        .where('id', '=', 1)
        .execute();
      this.log(`deploy hook: called (${claimed.reason ?? 'content changed'})`);
      return 'called';
    }
    const failures = claimed.failures + 1;
    const retryAt = new Date(at.getTime() + retryDelayMs(failures));
    const message = `${failure} Trying again at ${retryAt.toISOString().slice(0, 19)}Z (failed ${failures} ${failures === 1 ? 'time' : 'times'} in a row).`;
    await this.db
      .updateTable('deploy_hook_state')
      .set({ failures, due_at: retryAt, claimed_until: null, last_error: message, last_error_at: at })
      .where('id', '=', 1)
      .execute();
    this.log(`deploy hook: ${message}`);
    return 'failed';
  }

  /** POSTs the hook; null on success, else what went wrong (without the URL, which holds a secret). */
  private async call(): Promise<string | null> {
    try {
      const response = await this.fetch(this.url, { method: 'POST', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      await response.body?.cancel();
      if (response.ok) return null;
      return `The deploy hook answered ${`${response.status} ${response.statusText}`.trim()}.`;
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${CALL_TIMEOUT_MS / 1000} s` : (error as Error).message;
      return `The deploy hook could not be reached: ${reason}.`;
    }
  }
}
