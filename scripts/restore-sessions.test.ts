// A restore signs every session out (README "Backups"): the backup holds the session versions of
// its day, so without that a cookie logged out since the backup would work again. Checked with
// the generated session secret and with SESSION_SECRET, which a restore cannot change, and over
// two restores of the same backup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/connect.ts';
import { createApp } from '#functions/app.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { createStaffAccount } from './server/admin-account.ts';
import { writeBackup } from './server/backup.ts';
import { openDatabase } from './server/open-database.ts';
import { restoreBackup } from './server/restore-backup.ts';
import { loadSessionSecret } from './server/session-secret.ts';
import { sharpImages } from './server/sharp-images.ts';
import { MemoryStorage } from './test/memory-storage.ts';
import { sessionCookieFrom } from './test/session.ts';

const ORIGIN = 'http://localhost:4321';
const EDITOR = { username: 'editor', password: 'restore-sessions-password' };
type Call = (route: 'login' | 'logout' | 'me', cookie?: string) => Promise<Response>;

describe.each([
  ['the generated session secret', {}],
  ['SESSION_SECRET', { SESSION_SECRET: 'a-session-secret-set-by-the-site-owner-0123' }],
])('restoring a backup, with %s', (_name, env) => {
  let root: string;
  let config: ServerConfig;
  let backupFolder: string;

  /** The auth API as the server serves it from the data folder: its database and its session secret (scripts/start.ts). */
  async function withApi<T>(task: (call: Call, database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await openDatabase(config);
    try {
      const app = createApp({
        db: database.db,
        sessionSecret: loadSessionSecret(config.sessionSecret, config.dataDir),
        clientIp: () => '127.0.0.1',
        rebuild: { schedule: () => {}, state: () => ({ publishing: false, last_published_at: null, last_error: null }) },
        storage: new MemoryStorage(),
        images: sharpImages,
      });
      const call: Call = async (route, cookie) =>
        app.request(`${ORIGIN}/api/auth/${route}`, {
          method: route === 'me' ? 'GET' : 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie && { cookie }) },
          ...(route === 'login' && { body: JSON.stringify(EDITOR) }),
        });
      return await task(call, database);
    } finally {
      await database.close();
    }
  }
  const signIn = async (call: Call) => sessionCookieFrom(await call('login'));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-sessions-test-'));
    config = readConfig({ DATA_DIR: path.join(root, 'data'), ...env });
    await withApi(async (_call, database) => {
      await createStaffAccount(database.db, EDITOR.username, EDITOR.password, 'author');
      backupFolder = (
        await writeBackup({ dumpDatabase: database.dumpDataDir!, uploadsDir: path.join(config.dataDir, 'uploads') }, config.backups.dir, 7)
      ).folder;
    });
  }, 60_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a cookie logged out after the backup stays signed out, every earlier session ends, a fresh sign-in works', async () => {
    const issued: string[] = [];
    for (let round = 1; round <= 2; round++) {
      await withApi(async (call) => {
        const cookie = await signIn(call);
        issued.push(cookie);
        expect((await call('logout', cookie)).status).toBe(200);
        expect((await call('me', cookie)).status).toBe(401);
      });
      await restoreBackup(backupFolder, config.dataDir);
      await withApi(async (call) => {
        for (const cookie of issued) expect((await call('me', cookie)).status, `round ${round}`).toBe(401);
        const fresh = await signIn(call);
        expect((await call('me', fresh)).status).toBe(200);
        issued.push(fresh); // not logged out: the next restore must end it too
      });
    }
  }, 120_000);
});
