// `npm run clear-login-block` as a real child process against a temporary embedded database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { openDatabase } from './server/open-database.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT = 60_000;

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clear-login-block-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_DRIVER: '' });

function run(args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/clear-login-block.ts', ...args], {
    cwd: REPO_ROOT,
    env: env(),
    encoding: 'utf8',
    timeout: TIMEOUT - 5_000,
  });
  if (result.error) throw result.error;
  return result;
}

/** Runs `task` with the test's database open, and closes it (releasing the lock) afterwards. */
async function withDatabase<T>(task: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(readConfig(env()));
  try {
    return await task(database.db);
  } finally {
    await database.close();
  }
}

const blocked = { failures: 30, blocked_until: sql<Date>`now() + interval '15 minutes'`, last_failure_at: sql<Date>`now()` };

describe('clear-login-block', () => {
  it(
    'lifts the blocks of the named account, and of an address with --address, leaving the rest',
    async () => {
      await withDatabase((db) =>
        db
          .insertInto('login_throttle')
          .values(
            ['account:admin', 'pair:admin|192.0.2.1', 'device:admin|d1', 'pair:writer|192.0.2.2', 'ip:192.0.2.2'].map((key) => ({
              key,
              ...blocked,
            })),
          )
          .execute(),
      );
      const account = run(['Admin']);
      expect(account.stderr).toBe('');
      expect(account.status).toBe(0);
      expect(account.stdout).toContain('Cleared the sign-in block on the account "Admin" (3 records).');

      const address = run(['--address', '192.0.2.2']);
      expect(address.status).toBe(0);
      expect(address.stdout).toContain('Cleared the sign-in block on the address 192.0.2.2 (2 records).');

      const left = await withDatabase((db) => db.selectFrom('login_throttle').select('key').execute());
      expect(left).toEqual([]);
    },
    TIMEOUT * 2,
  );

  it(
    'prints its usage and exits 1 without exactly one account or address',
    () => {
      for (const args of [[], ['a', 'b'], ['admin', '--address', '192.0.2.1']]) {
        const result = run(args);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain('Usage: npm run clear-login-block -- USERNAME');
      }
    },
    TIMEOUT,
  );
});
