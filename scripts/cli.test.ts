// The command-line scripts run as real child processes against a temporary embedded database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDatabaseLock } from '#db/lock.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT = 60_000;

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, args: string[] = []) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_DRIVER: '' },
    encoding: 'utf8',
    timeout: TIMEOUT - 5_000,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const createAdmin = (...args: string[]) => run('scripts/create-admin.ts', args);

// The tests share one data folder and build on each other, so they run in order.
describe('command-line scripts', () => {
  it(
    'refuse to open the embedded database while another process holds it',
    async () => {
      const lock = await acquireDatabaseLock(dataDir);
      try {
        const result = run('scripts/db-seed.ts');
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`in use by process ${process.pid}`);
        expect(result.stdout).not.toContain('Seeded');
        // The refused process leaves the holder's lock alone.
        expect(JSON.parse(fs.readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
      } finally {
        lock.release();
      }
    },
    TIMEOUT,
  );

  it(
    'db:seed seeds an empty database once, then leaves it alone, releasing the lock each time',
    () => {
      const first = run('scripts/db-seed.ts');
      expect(first.stderr).not.toMatch(/error|in use/i);
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('Seeded the demo content.');
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

      const second = run('scripts/db-seed.ts');
      expect(second.status).toBe(0);
      expect(second.stdout).toContain('already has content');
      expect(second.stdout).not.toContain('Seeded the demo content.');
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    },
    TIMEOUT * 2,
  );

  it(
    'create-admin creates a staff account with the given role',
    () => {
      const result = createAdmin('--username', 'writer', '--role', 'author', '--password', 'long enough pw');
      expect(result.stderr).not.toMatch(/error|already exists/i);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Created author "writer".');
      // A given password is never echoed back.
      expect(result.stdout).not.toContain('long enough pw');
    },
    TIMEOUT,
  );

  it(
    'create-admin refuses a username that already exists',
    () => {
      const result = createAdmin('--username', 'writer', '--role', 'author', '--password', 'long enough pw');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('An account named "writer" already exists.');
      expect(result.stdout).not.toContain('Created');
    },
    TIMEOUT,
  );

  it(
    'create-admin refuses a password shorter than 8 characters',
    () => {
      const result = createAdmin('--username', 'shorty', '--password', 'short');
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/Password: 8 to \d+ characters/);
      expect(result.stdout).not.toContain('Created');
    },
    TIMEOUT,
  );

  it(
    'create-admin generates and prints a password when none is given',
    () => {
      const result = createAdmin('--username', 'moderator', '--role', 'MOD');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/Created mod "moderator" with the password [\w-]{20} \(shown only now\)\./);
    },
    TIMEOUT,
  );

  it(
    'create-admin without --username prints its usage and exits 1',
    () => {
      const result = createAdmin('--password', 'long enough pw');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Usage: npm run create-admin -- --username NAME');
    },
    TIMEOUT,
  );
});
