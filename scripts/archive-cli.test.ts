// `npm run export` and `npm run import` as real child processes against temporary embedded
// databases and upload folders: a site exported from one data folder and imported into another
// is identical; a site with content is only replaced with --replace; bad arguments print usage;
// an import killed midway (SIGKILL) changes nothing once the next run has started.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { craftArchive, emptyData, snapshotSite } from '#functions/archive/test-kit.ts';
import { concatBytes } from '#core/bytes.ts';
import { pngBytes } from '#functions/images/test-kit.ts';
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
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    cwd: REPO_ROOT,
    env: env(dataDir),
    encoding: 'utf8',
    timeout: TIMEOUT - 10_000,
  });
  if (result.error) throw result.error;
  return result;
}

async function withSite<T>(
  dataDir: string,
  task: (site: { db: Awaited<ReturnType<typeof openDatabase>>['db']; storage: ReturnType<typeof uploadStorage> }) => Promise<T>,
): Promise<T> {
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
      const [a, b] = [
        await withSite(source, (s) => snapshotSite(s.db, s.storage)),
        await withSite(target, (s) => snapshotSite(s.db, s.storage)),
      ];
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
      for (const [script, args] of [
        ['import', []],
        ['import', ['a.zip', 'b.zip']],
        ['export', ['--bogus']],
      ] as const) {
        const result = run(script, path.join(work, 'empty'), [...args]);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`Usage: npm run ${script}`);
      }
    },
    TIMEOUT,
  );
});

/** A valid PNG of about `size` bytes: a private chunk of random bytes (which no zip shrinks) before the image data. */
async function bulkyPng(size: number): Promise<Uint8Array> {
  const png = await pngBytes(8, 8);
  const chunk = new Uint8Array(12 + size);
  new DataView(chunk.buffer).setUint32(0, size);
  chunk.set(new TextEncoder().encode('prVt'), 4);
  chunk.set(randomBytes(size), 8); // the CRC is not checked
  return concatBytes(png.subarray(0, 33), chunk, png.subarray(33)); // after the signature and IHDR
}

/** Every file under `dir`, half-written ones included, relative to it. */
const filesUnder = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

describe('an import killed midway', () => {
  it(
    'leaves every row and file as it was, once the next run has cleaned up',
    async () => {
      const dataDir = path.join(work, 'killed');
      const uploads = path.join(dataDir, 'uploads');
      const oldCover = await pngBytes(20, 20);
      await withSite(dataDir, async ({ db, storage }) => {
        await seedDemoContent(db);
        await storage.put('covers/shared.png', oldCover, 'image/png');
      });
      const before = await withSite(dataDir, (s) => snapshotSite(s.db, s.storage));
      const oldFiles = filesUnder(uploads);
      // The archive's cover has the live one's name and other bytes; 40 new files of 2 MB follow.
      const files: Record<string, Uint8Array | string> = { ...emptyData(), 'uploads/covers/shared.png': await pngBytes(30, 30) };
      for (let i = 0; i < 40; i++) files[`uploads/general/new-${String(i).padStart(2, '0')}.png`] = await bulkyPng(2 * 1024 ** 2);
      const archivePath = path.join(work, 'killed.zip');
      fs.writeFileSync(archivePath, await craftArchive(files));

      const child = spawn(process.execPath, ['scripts/import.ts', archivePath, '--replace'], {
        cwd: REPO_ROOT,
        env: env(dataDir),
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const general = path.join(uploads, 'general');
      const written = () => (fs.existsSync(general) ? fs.readdirSync(general).filter((name) => name.startsWith('new-')).length : 0);
      while (written() < 5 && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGKILL');
      await exited;
      const left = filesUnder(uploads).filter((file) => !oldFiles.includes(file));
      expect(left.length, 'the kill landed while the files were being written').toBeGreaterThanOrEqual(5);
      expect(left.length).toBeLessThan(41);

      // The next run (refused: the site has content) cleans up before anything else.
      const next = run('import', dataDir, [archivePath]);
      expect(new Uint8Array(fs.readFileSync(path.join(uploads, 'covers/shared.png')))).toEqual(oldCover);
      expect(filesUnder(uploads)).toEqual(oldFiles);
      expect(await withSite(dataDir, (s) => snapshotSite(s.db, s.storage))).toEqual(before);
      expect(next.stdout).toContain('uploads: cleaned up after 1 interrupted import(s)');
      expect(next.stderr).toContain('This site already has content');
    },
    TIMEOUT * 2,
  );
});
