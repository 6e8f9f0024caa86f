// wrangler.jsonc against what the Worker's code expects of it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_CRON } from './handler.ts';

const file = path.resolve(import.meta.dirname, '../../wrangler.jsonc');
// The file's comments are whole lines; URLs inside strings keep their "//".
const config = JSON.parse(
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n'),
);

describe('wrangler.jsonc', () => {
  it('runs functions/cloudflare/worker.ts with dist/ as its assets and the API always through the Worker', () => {
    expect(config.main).toBe('functions/cloudflare/worker.ts');
    expect(fs.existsSync(path.resolve(path.dirname(file), config.main))).toBe(true);
    expect(config.assets).toMatchObject({ directory: 'dist', binding: 'ASSETS', not_found_handling: 'none' });
    expect(config.assets.run_worker_first).toEqual(['/api/*', '/api']);
  });

  it('triggers every minute and at the hourly analytics time the handler knows', () => {
    expect(config.triggers.crons).toEqual(['* * * * *', ANALYTICS_CRON]);
  });

  it('needs no Node compatibility and holds no secret', () => {
    expect(config.compatibility_flags).toEqual([]);
    for (const secret of ['SESSION_SECRET', 'DATABASE_URL', 'S3_SECRET_ACCESS_KEY', 'DEPLOY_HOOK_URL', 'SMTP_URL'])
      expect(config.vars).not.toHaveProperty(secret);
  });
});
