// One sending run (docs/decisions/0042-mail-outbox.md): announce new releases, forget addresses
// never confirmed, then claim and send batches at the configured rate until nothing is due or
// the time budget is used. The Node server's mail timer and the Worker's cron both call it.
// No transaction is ever open while the mail server is talked to (PGlite has one connection).
import type { AppDeps } from '#core/env.ts';
import { type MailDeps, MailSendError } from '#core/mail.ts';
import { profileStore } from '#functions/site/store.ts';
import { announceReleases, purgeUnconfirmed } from './announce.ts';
import { type PlannedMail, planBatch } from './batch.ts';
import { type ClaimedRow, outboxStore } from './outbox-store.ts';

export interface MailRun {
  announced: number;
  sent: number;
  failed: number;
  dropped: number;
  /** When something falls due next, or null when nothing waits. */
  nextDueAt: Date | null;
}

export interface SendOptions {
  /** How long a run may take, in milliseconds (a Worker's cron invocation is limited). */
  budgetMs?: number;
  /** Stops the run between two emails (the server is shutting down). */
  signal?: AbortSignal;
}

/** Subscribers per claimed batch: at most this many emails can go out twice after a crash. */
export const BATCH_SUBSCRIBERS = 20;
/** How long a claim lasts without a heartbeat; a killed sender's rows are due again after it. */
export const LEASE_MS = 20_000;
export const HEARTBEAT_MS = 5_000;
const DEFAULT_BUDGET_MS = 50_000;
/** After this many temporary failures in a row the mail server is likely down: the run stops. */
const FAILURES_IN_A_ROW = 3;

type SendDeps = Pick<AppDeps, 'db' | 'sessionSecret'> & { mail: MailDeps };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });

const answerOf = (error: unknown) =>
  error instanceof MailSendError ? error.response : error instanceof Error ? error.message : String(error);

export async function sendDueMail(deps: SendDeps, now: Date, options: SendOptions = {}): Promise<MailRun> {
  const { db, mail } = deps;
  const started = Date.now();
  // The run's own clock: `now` when it started, moving on with real time.
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const budgetEnd = started + (options.budgetMs ?? DEFAULT_BUDGET_MS);
  // An absolute schedule (slot i at start + i * interval) holds the rate however long each send takes.
  const intervalMs = 60_000 / mail.ratePerMinute;
  const run: MailRun = { announced: await announceReleases(db, now), sent: 0, failed: 0, dropped: 0, nextDueAt: null };
  await purgeUnconfirmed(db, now);
  const authorName = (await profileStore.get(db)).name;
  const context = { db, sessionSecret: deps.sessionSecret, siteUrl: mail.siteUrl, authorName };
  let slot = 0;
  let failuresInARow = 0;

  while (!options.signal?.aborted && failuresInARow < FAILURES_IN_A_ROW) {
    // Claim no more than fits in the budget at this rate, so no claim outlives the run.
    const slotsLeft = Math.ceil((budgetEnd - (started + slot * intervalMs)) / intervalMs);
    const claimed = slotsLeft > 0 ? await outboxStore.claim(db, clock(), Math.min(BATCH_SUBSCRIBERS, slotsLeft), LEASE_MS) : [];
    if (claimed.length === 0) break;
    const plan = await planBatch(context, claimed);
    for (const drop of plan.drops) {
      await outboxStore.drop(db, ids(drop.rows), drop.reason, clock());
      run.dropped += drop.rows.length;
    }
    const unsent = new Set(plan.mails);
    const heartbeat = setInterval(() => {
      const rows = [...unsent].flatMap((planned) => ids(planned.rows));
      outboxStore.extend(db, rows, new Date(clock().getTime() + LEASE_MS)).catch(() => {}); // the next beat tries again
    }, HEARTBEAT_MS);
    try {
      for (const planned of plan.mails) {
        await sleep(started + slot * intervalMs - Date.now(), options.signal);
        if (options.signal?.aborted || failuresInARow >= FAILURES_IN_A_ROW) break;
        slot++;
        const outcome = await sendOne(deps, planned, clock);
        unsent.delete(planned);
        if (outcome !== 'retried') run[outcome]++;
        failuresInARow = outcome === 'retried' ? failuresInARow + 1 : 0;
      }
    } finally {
      clearInterval(heartbeat);
      // What was claimed but not tried (the run stopped) is due again at once, or after a minute
      // when the mail server seems down.
      const waitMs = failuresInARow >= FAILURES_IN_A_ROW ? 60_000 : 0;
      await outboxStore.unclaim(
        db,
        [...unsent].flatMap((planned) => ids(planned.rows)),
        new Date(clock().getTime() + waitMs),
        clock(),
      );
    }
  }
  run.nextDueAt = await outboxStore.nextDueAt(db);
  return run;
}

const ids = (rows: readonly ClaimedRow[]) => rows.map((row) => row.id);

/** Sends one email and records the outcome at once: after a crash, at most this one goes twice. */
async function sendOne({ db, mail }: SendDeps, planned: PlannedMail, clock: () => Date): Promise<'sent' | 'failed' | 'retried'> {
  try {
    await mail.transport.send(planned.message);
  } catch (error) {
    const answer = answerOf(error);
    if (error instanceof MailSendError && error.permanent) {
      await outboxStore.fail(db, ids(planned.rows), answer, clock());
      return 'failed';
    }
    return (await outboxStore.retryLater(db, planned.rows, answer, clock())) === 'failed' ? 'failed' : 'retried';
  }
  await outboxStore.markSent(db, ids(planned.rows), clock());
  return 'sent';
}
