// `npm run export` and `npm run import` as real child processes against temporary embedded
// databases and upload folders: a site exported from one data folder and imported into another
// is identical; a site with content is only replaced with --replace; bad arguments print usage.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../db/seed/index.ts';
import { snapshotSite } from '../functions/archive/test-kit.ts';
import { pngBytes } from '../functions/images/test-kit.ts';
import { readConfig } from './config.ts';
import { uploadStorage } from './server/create-server.ts';
import { openDatabase } from './server/open-database.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT = 90_000;

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-cli-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const env = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_DRIVER: '', S3_BUCKET: '' });

function run(script: 'export' | 'import', dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], { cwd: REPO_ROOT, env: env(dataDir), encoding: 'utf8', timeout: TIMEOUT - 10_000 });
  if (result.error) throw result.error;
  return result;
}

async function withSite<T>(dataDir: string, task: (site: { db: Awaited<ReturnType<typeof openDatabase>>['db']; storage: ReturnType<typeof uploadStorage> }) => Promise<T>): Promise<T> {
  const config = readConfig(env(dataDir));
  const database = await openDatabase(config);
  try {
    return await task({ db: database.db, storage: uploadStorage(config) });
  } finally {
    await database.close();
  }
}

describe('npm run export / npm run import', () => {
  it(
    'carry a site from one data folder to another, identical, and replace content only with --replace',
    async () => {
      const source = path.join(work, 'source');
      const target = path.join(work, 'target');
      await withSite(source, async ({ db, storage }) => {
        await seedDemoContent(db);
        await storage.put('covers/cli.png', await pngBytes(), 'image/png');
      });
      const out = path.join(work, 'site.zip');
      const exported = run('export', source, ['--out', out, '--analytics']);
      expect(exported.stderr).toBe('');
      expect(exported.status).toBe(0);
      expect(exported.stdout).toMatch(/Exported the site with analytics to .*site\.zip \(\d+\.\d MB, \d+\.\d s\)\./);

      const imported = run('import', target, [out]);
      expect(imported.stderr).toBe('');
      expect(imported.status).toBe(0);
      expect(imported.stdout).toContain('Imported');
      expect(imported.stdout).toContain('2 stories');
      const [a, b] = [await withSite(source, (s) => snapshotSite(s.db, s.storage)), await withSite(target, (s) => snapshotSite(s.db, s.storage))];
      expect(b).toEqual(a);
      expect(Object.keys(b.files)).toEqual(['covers/cli.png']);

      const again = run('import', target, [out]);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('This site already has content. Run the import again with --replace to replace it.');
      const replaced = run('import', target, [out, '--replace']);
      expect(replaced.status).toBe(0);
    },
    TIMEOUT * 2,
  );

  it(
    'refuses a file that is not an archive, and prints usage for bad arguments',
    () => {
      const bogus = path.join(work, 'bogus.zip');
      fs.writeFileSync(bogus, 'not a zip');
      const refused = run('import', path.join(work, 'empty'), [bogus]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('This archive cannot be imported: it is not a zip file');
      for (const [script, args] of [['import', []], ['import', ['a.zip', 'b.zip']], ['export', ['--bogus']]] as const) {
        const result = run(script, path.join(work, 'empty'), [...args]);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`Usage: npm run ${script}`);
      }
    },
    TIMEOUT,
  );
});
