// When the Node server makes its backups (scripts/server/backup.ts): every BACKUP_INTERVAL_HOURS.
// It keeps nothing in memory that a restart would lose: each check reads the newest backup's time
// from the backup folder, so after a restart a backup that fell due while the server was down is
// made at once, and otherwise the timer waits for the rest of the interval. A backup that is due
// waits for a minute without publishing (at most an hour), and no publish runs while it is made
// (docs/decisions/0055-memory-of-the-server-and-its-builds.md: the two never add up in memory).
import path from 'node:path';
import type { DatabaseHandle } from '#db/connect.ts';
import { failureOf, type Failure } from '#core/rebuild.ts';
import type { ServerConfig } from '#scripts/config.ts';
import { listBackups, writeBackup } from './backup.ts';
import { DueTimer } from './due-timer.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How long the site must not have published before a due backup is made, and how often that is asked. */
export const QUIET_BEFORE_BACKUP_MS = 60 * 1000;
/** How long a due backup waits for such a quiet minute at most. */
export const MAX_BACKUP_DELAY_MS = HOUR_MS;

/** What a backup asks of the site's publishing (site-publisher.ts). */
export interface PublishingGate {
  /** Whether a publish is waiting or running, or ended less than `quietMs` ago. */
  busyWithin(quietMs: number): boolean;
  /** Runs `task` while no publish runs; publishes that come meanwhile wait for it. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

export interface BackupScheduleOptions {
  intervalMs: number;
  /** When the newest complete backup was made, or null when there is none. */
  newestBackupAt: () => Promise<Date | null>;
  backup: (now: Date) => Promise<unknown>;
  log: (line: string) => void;
  /** Told after every attempt: the error of a failed one, null after a success. */
  outcome?: (error: unknown) => void;
  now?: () => Date;
  /** The site's publishing, which a backup waits for and keeps out; none: backups run when due. */
  publishing?: PublishingGate;
}

export class BackupSchedule extends DueTimer {
  constructor({ intervalMs, newestBackupAt, backup, log, outcome, now, publishing }: BackupScheduleOptions) {
    let waitingSince: number | null = null;
    super({
      async run(at) {
        const newest = await newestBackupAt();
        const dueInMs = newest ? newest.getTime() + intervalMs - at.getTime() : 0;
        if (dueInMs > 0) return dueInMs;
        waitingSince ??= at.getTime();
        if (publishing?.busyWithin(QUIET_BEFORE_BACKUP_MS) && at.getTime() - waitingSince < MAX_BACKUP_DELAY_MS)
          return QUIET_BEFORE_BACKUP_MS;
        waitingSince = null;
        const started = Date.now();
        await (publishing ? publishing.exclusive(() => backup(at)) : backup(at));
        log(`backups: made a backup in ${Date.now() - started} ms`);
        outcome?.(null);
        return intervalMs;
      },
      retryAfter(error) {
        // A full disk or a missing folder will not mend itself in a minute: try again in an hour.
        log(`backups: backup failed, trying again in an hour: ${error instanceof Error ? error.message : String(error)}`);
        outcome?.(error);
        return Math.min(intervalMs, HOUR_MS);
      },
      ...(now && { now }),
    });
  }

  /** Makes a backup now if one is due and arms the timer; resolves when that first check is done. */
  start(): Promise<void> {
    return this.wake();
  }
}

/**
 * Starts the schedule of the Node server, or says once why there is none: backups are turned
 * off, or the database or the uploads live with a provider that keeps its own backups.
 * `report` gets each backup's failure (null after a success), for the admin's publish state.
 * Returns what stops it.
 */
export function startBackups(
  config: ServerConfig,
  database: DatabaseHandle,
  log: (line: string) => void,
  report: (failure: Failure | null) => void = () => {},
  publishing?: PublishingGate,
): () => Promise<void> {
  const { dir, keep, intervalHours } = config.backups;
  if (intervalHours === 0) {
    log('backups: off (BACKUP_INTERVAL_HOURS=0)');
    return async () => {};
  }
  if (!database.dumpDataDir || config.s3) {
    const kept = [!database.dumpDataDir && 'the database (DATABASE_URL)', config.s3 && 'the uploads (S3_BUCKET)'].filter(Boolean);
    log(`backups: no local backups: ${kept.join(' and ')} ${kept.length > 1 ? 'are' : 'is'} kept by a provider; use its backups`);
    return async () => {};
  }
  const dumpDatabase = database.dumpDataDir;
  const schedule = new BackupSchedule({
    intervalMs: intervalHours * HOUR_MS,
    newestBackupAt: async () => (await listBackups(dir))[0]?.createdAt ?? null,
    backup: (now) => writeBackup({ dumpDatabase, uploadsDir: path.join(config.dataDir, 'uploads') }, dir, keep, now),
    log,
    outcome: (error) => report(error === null ? null : failureOf(error, new Date())),
    ...(publishing && { publishing }),
  });
  log(`backups: every ${intervalHours} h into ${dir}, keeping the last ${keep}`);
  void schedule.start();
  return () => schedule.stop();
}
