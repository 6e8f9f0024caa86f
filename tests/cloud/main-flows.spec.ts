// The main flows in a browser against the worker in workerd: the static pages (built from the
// database before the run) with their islands calling the worker's API, and the admin app.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { backToChapters, chapterText, saveChapter, signIn, typeChapterText, watchConsoleErrors } from '../e2e/helpers.ts';

test.describe.configure({ mode: 'serial' });

const CHAPTER_1 = '/storytime/story/the-lantern-fleet/chapter/1/';
const FIXTURE = path.resolve('tests/fixtures/ai-images/enslo-swarmui.jpg'); // a JPEG: the cloud API tests send a PNG

test('a reader reads a chapter, likes it and comments', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto(CHAPTER_1);
  await expect(page.getByRole('heading', { name: 'The Derelict', level: 1 })).toBeVisible();
  await page.locator('.chapter-social').scrollIntoViewIfNeeded();
  const count = page.getByText(/^\d+ likes?$/);
  const before = Number((await count.textContent())!.split(' ')[0]);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${before + 1} likes`)).toBeVisible();

  const comments = page.getByRole('region', { name: /Comments/ });
  await comments.getByLabel('Name (optional)').fill('Cloud reader');
  await comments.getByLabel('Comment').fill('Read in workerd <i>too</i>!');
  await comments.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(comments.getByRole('status')).toContainText('successfully');
  expect(errors).toEqual([]);
});

test("a chapter that does not exist answers 404 with 'Chapter not found'", async ({ page }) => {
  const response = await page.goto('/storytime/story/the-lantern-fleet/chapter/99/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Chapter not found', level: 1 })).toBeVisible();
});

test('the admin signs in and creates a chapter', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/stories');
  await page.getByRole('link', { name: 'Salt and Starlight' }).click();
  await expect(page.getByRole('heading', { name: 'Chapters of “Salt and Starlight”' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Chapter' }).click();
  await expect(chapterText(page)).toBeVisible();
  const number = await page.getByLabel('Chapter number').inputValue();
  await page.getByLabel('Title').fill(`Cloud Tide ${number}`);
  await typeChapterText(page, 'Written through *workerd*.');
  expect((await saveChapter(page)).status()).toBe(201);
  await backToChapters(page, 'Salt and Starlight');
  await expect(page.locator('.chapter-row', { hasText: `Cloud Tide ${number}` })).toContainText('Written through *workerd*.');
});

test('the admin uploads a gallery image and sees what was read from it', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/galleries');
  await page.getByRole('link', { name: 'Field Studies', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Images in “Field Studies”' })).toBeVisible();
  await page.getByLabel('Choose images').setInputFiles({ name: 'swarm.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(FIXTURE) });
  const row = page.locator('.upload-row', { has: page.getByText('swarm.jpg', { exact: true }) });
  await expect(row).toContainText('Done', { timeout: 60_000 });
  await expect(page.locator('.gallery-upload .notice')).toHaveText('Images uploaded successfully!');

  const card = page.locator('.image-card', { has: page.getByRole('heading', { name: 'swarm', exact: true }) });
  await expect(card).toContainText('waiIllustriousSDXL_v160');
  await expect(card.locator('.image-meta-prompt').first()).toHaveText(
    'general, masterpiece, best quality, amazing quality, 1girl, solo, hatsune miku, #テスト',
  );
  const thumb = card.locator('img');
  await thumb.scrollIntoViewIfNeeded();
  await expect(thumb).toHaveAttribute('src', /^\/api\/uploads\//);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
