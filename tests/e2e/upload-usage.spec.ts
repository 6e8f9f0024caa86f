// A file the site uses (docs/product.md, "Deleting an upload that is in use"): the Upload Manager
// names its users, a delete is refused with their names, and a forced delete removes the file
// and its uses, after which the republished story page no longer points at it.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './helpers.ts';

const PICTURE = path.resolve('tests/fixtures/ai-images/automatic1111_cropped.png');
const STORY = { title: 'The Borrowed Cover', slug: 'the-borrowed-cover' };

test('a used file shows its users, is refused, and is deleted only when forced', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto('/admin/uploads');
  await page.getByRole('tab', { name: /^General/ }).click();
  await page.getByLabel('Browse for an image').setInputFiles(PICTURE);
  await expect(page.locator('.admin-main > .notice')).toHaveText('File "automatic1111_cropped.png" uploaded successfully!');
  const card = page.locator('.upload-card').first(); // newest first
  await expect(card).toContainText('Not used on the site');
  const url = (await card.getByRole('link', { name: /^View/ }).getAttribute('href'))!;
  const filename = url.split('/').pop()!;

  const created = await page.request.post('/api/stories/create', {
    data: { ...STORY, status: 'published', cover_image: url, blurb: `![A map](${url})` },
  });
  expect(created.status()).toBe(201);
  const storyId = (await created.json()).story.id as number;
  const storyPage = `/storytime/story/${STORY.slug}/`;
  await expect.poll(async () => (await page.request.get(storyPage, { maxRedirects: 0 })).status(), { timeout: 90_000 }).toBe(200);

  await page.getByRole('button', { name: 'Refresh' }).click();
  const used = page.locator('.upload-card', { hasText: filename });
  await expect(used.locator('.upload-usage')).toHaveText(
    `Used by${[`cover of story '${STORY.title}'`, `blurb of story '${STORY.title}'`].join('')}`,
  );
  await expectNoAxeViolations(page);

  await used.getByRole('button', { name: `Delete ${filename}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const refusal = `This file is in use and was not deleted. Used by: cover of story '${STORY.title}', blurb of story '${STORY.title}'.`;
  await expect(page.locator('.admin-main > .notice')).toHaveText(refusal);
  await expect(dialog).toContainText(`Delete "${filename}" anyway?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(used).toBeVisible(); // nothing deleted

  await used.getByRole('button', { name: `Delete ${filename}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(page.locator('.admin-main > .notice')).toHaveText(
    `File deleted successfully! Removed from: cover of story '${STORY.title}', blurb of story '${STORY.title}'.`,
  );
  await expect(used).toHaveCount(0);

  // The republished page shows the default cover and no broken image.
  await expect.poll(async () => (await (await page.request.get(storyPage)).text()).includes(filename), { timeout: 90_000 }).toBe(false);
  expect((await page.request.post('/api/stories/delete', { data: { id: storyId } })).ok()).toBe(true);
});
