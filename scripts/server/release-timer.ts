// The Node server's release timer: publishes scheduled chapters at their release time. Every run
// reads the next release time from the database, so at start it releases what fell due while the
// server was down and arms itself for the next one. The serverless deployment runs the same
// `runDueReleases` from a cron trigger.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import type { RebuildTrigger } from '#core/rebuild.ts';
import { runDueReleases } from '#functions/releases/run.ts';
import { releaseStore } from '#functions/releases/store.ts';
import { DueTimer } from './due-timer.ts';

/** After a failed run (database busy or gone), try again this much later. */
const RETRY_MS = 60 * 1000;

export interface ReleaseTimerOptions {
  db: Kysely<Database>;
  rebuild: RebuildTrigger;
  log: (line: string) => void;
  now?: () => Date;
}

export class ReleaseTimer extends DueTimer {
  constructor({ db, rebuild, log, now }: ReleaseTimerOptions) {
    super({
      async run(at) {
        const released = await runDueReleases({ db, rebuild }, at);
        if (released.length > 0) log(`releases: published ${released.length} scheduled chapter(s)`);
        const next = await releaseStore.nextReleaseAt(db);
        return next ? next.getTime() - at.getTime() : null;
      },
      retryAfter(error) {
        log(`releases: run failed, retrying in a minute: ${error instanceof Error ? error.message : String(error)}`);
        return RETRY_MS;
      },
      ...(now && { now }),
    });
  }

  /** Releases what is overdue and arms the timer; resolves when that first run is done. */
  start(): Promise<void> {
    return this.wake();
  }

  /** A release time was set or cleared: runs again now, after any run in progress. */
  changed(): Promise<void> {
    return this.wake();
  }
}
