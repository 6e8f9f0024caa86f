import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#db/connect.ts';
import { readConfig } from '#scripts/config.ts';
import { listBackups } from './backup.ts';
import { BackupSchedule, startBackups } from './backup-schedule.ts';

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-11-22T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

/** A backup folder in memory: the schedule only ever asks for the newest backup's time. */
function fakeBackups(newest: Date | null) {
  const made: string[] = [];
  let latest = newest;
  let failNext = false;
  return {
    made,
    failNext: () => (failNext = true),
    newestBackupAt: async () => latest,
    backup: async (now: Date) => {
      if (failNext) {
        failNext = false;
        throw new Error('disk full');
      }
      made.push(now.toISOString());
      latest = now;
    },
  };
}

function schedule(backups: ReturnType<typeof fakeBackups>, intervalHours = 24) {
  const log = vi.fn();
  return {
    log,
    schedule: new BackupSchedule({ intervalMs: intervalHours * HOUR, newestBackupAt: backups.newestBackupAt, backup: backups.backup, log }),
  };
}

const hoursAfterStart = (hours: number) => new Date(START.getTime() + hours * HOUR).toISOString();

describe('BackupSchedule', () => {
  it('makes the first backup at once when there is none', async () => {
    const backups = fakeBackups(null);
    await schedule(backups).schedule.start();
    expect(backups.made).toEqual([START.toISOString()]);
  });

  it('after a restart, waits for the rest of the interval from the newest backup, and not a minute less', async () => {
    const backups = fakeBackups(new Date(START.getTime() - 10 * HOUR));
    const { schedule: s } = schedule(backups);
    await s.start();
    expect(backups.made).toEqual([]);
    await vi.advanceTimersByTimeAsync(14 * HOUR - 60_000);
    expect(backups.made).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(backups.made).toEqual([hoursAfterStart(14)]);
    await s.stop();
  });

  it('makes an overdue backup at once at start (the server was down when it fell due)', async () => {
    const backups = fakeBackups(new Date(START.getTime() - 30 * HOUR));
    await schedule(backups).schedule.start();
    expect(backups.made).toEqual([START.toISOString()]);
  });

  it('then makes one every interval', async () => {
    const backups = fakeBackups(null);
    const { schedule: s } = schedule(backups, 6);
    await s.start();
    await vi.advanceTimersByTimeAsync(18 * HOUR);
    expect(backups.made).toEqual([hoursAfterStart(0), hoursAfterStart(6), hoursAfterStart(12), hoursAfterStart(18)]);
    await s.stop();
  });

  it('waits out a long interval in steps Node can time (a year is more than one timer holds)', async () => {
    const backups = fakeBackups(START);
    const { schedule: s } = schedule(backups, 8760);
    await s.start();
    await vi.advanceTimersByTimeAsync(8760 * HOUR - 1);
    expect(backups.made).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(backups.made).toEqual([hoursAfterStart(8760)]);
    await s.stop();
  });

  it('says when a backup failed and tries again an hour later', async () => {
    const backups = fakeBackups(null);
    backups.failNext();
    const { schedule: s, log } = schedule(backups);
    await s.start();
    expect(backups.made).toEqual([]);
    expect(log).toHaveBeenCalledWith('backups: backup failed, trying again in an hour: disk full');
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(backups.made).toEqual([hoursAfterStart(1)]);
    await s.stop();
  });

  it('tells of each failure and of the success after it', async () => {
    const backups = fakeBackups(null);
    backups.failNext();
    const outcome = vi.fn();
    const s = new BackupSchedule({
      intervalMs: 24 * HOUR,
      newestBackupAt: backups.newestBackupAt,
      backup: backups.backup,
      log: () => {},
      outcome,
    });
    await s.start();
    expect(outcome.mock.calls).toEqual([[new Error('disk full')]]);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(outcome.mock.calls).toEqual([[new Error('disk full')], [null]]);
    await s.stop();
  });

  it('waits for a minute without publishing before a due backup, at most an hour, and keeps publishes out of it', async () => {
    const backups = fakeBackups(null);
    let busy = true;
    let exclusiveRuns = 0;
    const publishing = {
      busyWithin: (quietMs: number) => busy && quietMs === 60_000,
      exclusive: <T>(task: () => Promise<T>) => {
        exclusiveRuns += 1;
        return task();
      },
    };
    const s = new BackupSchedule({
      intervalMs: 24 * HOUR,
      newestBackupAt: backups.newestBackupAt,
      backup: backups.backup,
      log: vi.fn(),
      publishing,
    });
    await s.start();
    expect(backups.made).toEqual([]);
    await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
    expect(backups.made).toEqual([]);
    busy = false;
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(backups.made).toEqual([new Date(START.getTime() + 31 * 60 * 1000).toISOString()]);
    expect(exclusiveRuns).toBe(1);

    // A site that never rests gets its backup an hour late.
    busy = true;
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(backups.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(backups.made).toHaveLength(2);
    await s.stop();
  });

  it('on stop, lets a backup in progress finish and starts no other', async () => {
    let finish: () => void = () => {};
    let finished = false;
    const s = new BackupSchedule({
      intervalMs: HOUR,
      newestBackupAt: async () => null,
      backup: async () => {
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        finished = true;
      },
      log: () => {},
    });
    void s.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopped = s.stop();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopDone).toBe(false); // still waiting for the backup
    finish();
    await stopped;
    expect(finished).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('startBackups', () => {
  const embedded = { dumpDataDir: async () => new Blob(['x']) } as unknown as DatabaseHandle;
  const server = {} as unknown as DatabaseHandle;

  it('does nothing and says so once with a provider database, S3 uploads, or an interval of 0', async () => {
    const cases: [ReturnType<typeof readConfig>, DatabaseHandle, string][] = [
      [
        readConfig({ DATA_DIR: '/nonexistent' }),
        server,
        'backups: no local backups: the database (DATABASE_URL) is kept by a provider; use its backups',
      ],
      [
        readConfig({ DATA_DIR: '/nonexistent', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
        embedded,
        'backups: no local backups: the uploads (S3_BUCKET) is kept by a provider; use its backups',
      ],
      [readConfig({ DATA_DIR: '/nonexistent', BACKUP_INTERVAL_HOURS: '0' }), embedded, 'backups: off (BACKUP_INTERVAL_HOURS=0)'],
    ];
    for (const [config, database, message] of cases) {
      const log = vi.fn();
      const stop = startBackups(config, database, log);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![0]).toContain(message);
      expect(vi.getTimerCount()).toBe(0);
      await stop();
    }
  });

  it("reports a backup that found the disk full, for the admin's publish state", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-start-test-'));
    // The dump fails as a write to a full disk does: /dev/full is always full.
    const full = { dumpDataDir: async () => fs.writeFileSync('/dev/full', 'x') } as unknown as DatabaseHandle;
    try {
      const report = vi.fn();
      const stop = startBackups(readConfig({ DATA_DIR: dataDir }), full, () => {}, report);
      await vi.waitFor(() => expect(report).toHaveBeenCalled());
      await stop();
      expect(report.mock.calls).toEqual([
        [{ message: expect.stringMatching(/^ENOSPC/), at: expect.stringMatching(/^2026-11-22T12:00/), disk_full: true }],
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('backs up the embedded database and local uploads into BACKUP_DIR, at once when none exists', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-start-test-'));
    try {
      const config = readConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '2' });
      const log = vi.fn();
      const stop = startBackups(config, embedded, log);
      expect(log).toHaveBeenCalledWith(`backups: every 24 h into ${path.join(dataDir, 'backups')}, keeping the last 2`);
      await vi.waitFor(async () => expect(await listBackups(config.backups.dir)).toHaveLength(1));
      await stop();
      const made = await listBackups(config.backups.dir);
      expect(made.map((backup) => backup.createdAt)).toEqual([START]);
      expect(fs.readFileSync(path.join(made[0]!.folder, 'database.tar.gz'), 'utf8')).toBe('x');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
