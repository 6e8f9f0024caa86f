import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sitePageExists } from './site-pages.ts';

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
fs.mkdirSync(path.join(site, 'storytime/story/the-fleet/chapter/3'), { recursive: true });
fs.writeFileSync(path.join(site, 'storytime/story/the-fleet/chapter/3/index.html'), '<!doctype html>');
fs.writeFileSync(path.join(os.tmpdir(), 'index.html'), 'outside the site');
afterAll(() => fs.rmSync(site, { recursive: true, force: true }));

it('finds a page the published site holds, and no other', async () => {
  expect(await sitePageExists(site, '/storytime/story/the-fleet/chapter/3/')).toBe(true);
  expect(await sitePageExists(site, '/storytime/story/the-fleet/chapter/4/')).toBe(false);
  expect(await sitePageExists(null, '/storytime/story/the-fleet/chapter/3/')).toBe(false);
});

it('never looks outside the site folder', async () => {
  for (const pathname of ['/../', '/%2e%2e/', '/storytime/../../', '/a\\b/', '/%00/', '/%E0%A4%A/', 'storytime/']) {
    expect(await sitePageExists(site, pathname)).toBe(false);
  }
});
