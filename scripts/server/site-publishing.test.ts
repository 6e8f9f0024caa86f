import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { readContentSnapshot } from '#functions/site/snapshot.ts';
import { openTestDatabase } from '#scripts/test/database.ts';
import { writeChapterTexts } from './content-files.ts';
import { replaceDirectory } from './site-links.ts';
import { buildStaticSite } from './site-publishing.ts';
import { stagingOwner } from './staging-owners.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const folders: string[] = [];
function tempFolder(parent: string, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(parent, prefix));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

function writeSite(dir: string, text: string): void {
  fs.mkdirSync(path.join(dir, 'nested'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'nested', 'index.html'), text);
}

describe('replaceDirectory', () => {
  let root: string;
  beforeAll(() => {
    root = tempFolder(os.tmpdir(), 'replace-dir-test-');
  });

  it('moves a folder to a new place', async () => {
    writeSite(path.join(root, 'a'), 'new');
    await replaceDirectory(path.join(root, 'a'), path.join(root, 'site'));
    expect(fs.readFileSync(path.join(root, 'site', 'nested', 'index.html'), 'utf8')).toBe('new');
    expect(fs.readdirSync(root)).toEqual(['site']);
  });

  it('replaces a folder that is already there and leaves nothing beside it', async () => {
    writeSite(path.join(root, 'b'), 'newer');
    await replaceDirectory(path.join(root, 'b'), path.join(root, 'site'));
    expect(fs.readFileSync(path.join(root, 'site', 'nested', 'index.html'), 'utf8')).toBe('newer');
    expect(fs.readdirSync(root)).toEqual(['site']);
  });

  // /dev/shm is a memory filesystem on Linux: a rename into it from elsewhere fails (EXDEV).
  const otherFs = fs.existsSync('/dev/shm') && fs.statSync('/dev/shm').dev !== fs.statSync(os.tmpdir()).dev;
  it.skipIf(!otherFs)('copies across filesystems, then swaps the copy in', async () => {
    const from = tempFolder(os.tmpdir(), 'replace-dir-test-');
    const target = tempFolder('/dev/shm', 'replace-dir-test-');
    writeSite(path.join(from, 'site'), 'copied');
    writeSite(path.join(target, 'site'), 'old');
    await replaceDirectory(path.join(from, 'site'), path.join(target, 'site'));
    expect(fs.readFileSync(path.join(target, 'site', 'nested', 'index.html'), 'utf8')).toBe('copied');
    expect(fs.readdirSync(target)).toEqual(['site']);
  });
});

describe('buildStaticSite', () => {
  // The reported failure: a data folder beside the project whose name starts with the
  // project's (/srv/author-data next to /srv/author) passed Astro's "inside the project" test,
  // so its prerender chunks were imported from there and could not find react.
  it('builds into a folder beside the project that shares its name', async (context) => {
    let outside: string;
    try {
      outside = tempFolder(path.dirname(REPO_ROOT), `${path.basename(REPO_ROOT)}-build-test-`);
    } catch {
      return context.skip('the folder above the project is not writable');
    }
    const database = await openTestDatabase();
    await seedDemoContent(database.db);
    const textsDir = path.join(outside, 'texts');
    const snapshot = await readContentSnapshot(database.db, new Date());
    await writeChapterTexts(database.db, textsDir, snapshot).finally(() => database.close());
    const outDir = path.join(outside, 'site', 'build-test');
    // A leftover named by PID only (an older version's) is removed, this process's build in
    // progress is kept (staging-owners.test.ts has every case).
    const staging = path.join(REPO_ROOT, '.site', 'staging');
    fs.mkdirSync(staging, { recursive: true });
    const owner = await stagingOwner(staging);
    const abandoned = path.join(staging, '999999-build-test-abandoned');
    const ours = path.join(staging, `${owner}-build-test-in-progress`);
    for (const dir of [abandoned, ours]) fs.mkdirSync(dir, { recursive: true });
    folders.push(ours);

    await buildStaticSite({ projectRoot: REPO_ROOT, outDir, snapshot, textsDir, siteUrl: 'http://localhost:4321' });

    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('<h1 id="author-name"');
    expect(fs.existsSync(path.join(outDir, '.prerender'))).toBe(false);
    // The demo story's book, beside its page and not precompressed (a zip is compressed already).
    const book = path.join(outDir, 'storytime/story/the-lantern-fleet/the-lantern-fleet.epub');
    expect(fs.readFileSync(book).subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip');
    expect(fs.existsSync(`${book}.br`) || fs.existsSync(`${book}.gz`)).toBe(false);
    // Installing and offline reading: the worker, the manifest named after the author, the icons.
    expect(fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8')).toContain('pages-v1');
    expect(JSON.parse(fs.readFileSync(path.join(outDir, 'manifest.webmanifest'), 'utf8'))).toMatchObject({
      name: 'Mara Quillon',
      start_url: '/',
    });
    expect(fs.existsSync(path.join(outDir, 'favicon.ico')) && fs.existsSync(path.join(outDir, 'icons/icon-512.png'))).toBe(true);
    // Only the finished site is left: no snapshot file, no staging folder.
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['build-test']);
    const left = fs.readdirSync(staging).filter((entry) => entry.startsWith(`${owner}-build-test-`));
    expect(left).toEqual([path.basename(ours)]);
    expect(fs.existsSync(abandoned)).toBe(false);
  }, 60_000);
});
