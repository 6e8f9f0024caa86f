// The EPUB download (decision 0011): the story page and each chapter page link to the book
// built at publish time; the file that arrives is an EPUB (a zip whose first entry is the
// stored `mimetype`).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers.ts';

const STORY = '/storytime/story/the-lantern-fleet/';
const BOOK = `${STORY}the-lantern-fleet.epub`;

// The demo story is for adults: the reader has confirmed 18+ on this device before.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('gallery-adult-confirmed', 'yes'));
});

test('downloads the EPUB from the story page', async ({ page }) => {
  await page.goto(STORY);
  const link = page.getByRole('link', { name: 'Download EPUB' });
  await expect(link).toHaveAttribute('download', '');
  await expect(link).toHaveAttribute('href', BOOK);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('the-lantern-fleet.epub');
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.readUInt32LE(0)).toBe(0x04034b50); // a zip's local file header
  expect(bytes.readUInt16LE(8)).toBe(0); // stored
  expect(bytes.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');
});

test('each chapter page links to the book, which is served as an EPUB', async ({ page, request }) => {
  await page.goto(`${STORY}chapter/2/`);
  await expect(page.getByRole('link', { name: 'Download EPUB' })).toHaveAttribute('href', BOOK);
  const answer = await request.get(BOOK, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/epub+zip');
  expect(answer.headers()['content-encoding']).toBeUndefined();
});

test('a draft story has no book', async ({ request }) => {
  const answer = await request.get('/storytime/story/salt-and-starlight/salt-and-starlight.epub', { maxRedirects: 0 });
  expect(answer.headers()['content-type']).not.toBe('application/epub+zip');
  expect(answer.status()).not.toBe(200);
});
