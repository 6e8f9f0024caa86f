// The Node server's analytics upkeep (decision 0010): at start and every hour, finished days go
// into the daily rollups and raw events past the retention are deleted. Reports roll up on their
// own too, so this only keeps the first dashboard load fast and the raw table small.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { maintainAnalytics } from '#functions/analytics/rollup.ts';

const HOUR_MS = 60 * 60 * 1000;

export function startAnalyticsMaintenance(db: Kysely<Database>, retentionDays: number, log: (line: string) => void): () => void {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= maintainAnalytics(db, new Date(), retentionDays)
      .then(({ rolledDays, pruned }) => {
        if (rolledDays || pruned)
          log(`analytics: rolled up ${rolledDays} day(s), deleted ${pruned} event(s) older than ${retentionDays} days`);
      })
      .catch((error: unknown) => log(`analytics: upkeep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
