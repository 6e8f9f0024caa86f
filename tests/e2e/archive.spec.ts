// Export & Import in the admin: download the site's archive, import it back
// with the replace confirmation, and the site is the same afterwards.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectNoAxeViolations, signIn, watchConsoleErrors } from './helpers.ts';

test('an admin downloads the export and imports it back, confirming the replace', async ({ page }, testInfo) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await page
    .getByRole('link', { name: /Export & Import/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export & Import' })).toBeVisible();
  await expectNoAxeViolations(page);

  const storiesBefore = await (await page.request.get('/api/stories/list')).json();

  await page.getByLabel('Include analytics').check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download archive' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^author-site-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = testInfo.outputPath('site.zip');
  await download.saveAs(file);
  const entries = unzipSync(new Uint8Array(fs.readFileSync(file)));
  expect(JSON.parse(new TextDecoder().decode(entries['manifest.json']))).toMatchObject({
    format: 'author-site-archive',
    includes_analytics: true,
  });
  expect(Object.keys(entries).some((name) => /^stories\/the-lantern-fleet\/0001-.*\.md$/.test(name))).toBe(true);

  await page.getByLabel('Archive file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace this site?' });
  await expect(dialog).toContainText('every story and chapter, scheduled ones included');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Replace site' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Site imported: 2 stories, \d+ chapters, \d+ galleries/ })).toBeVisible();

  expect(await (await page.request.get('/api/stories/list')).json()).toEqual(storiesBefore);
  // The browser notes the first answer, 409 "site has content", which is what asks for the confirmation.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

test('a file that is not an archive is refused with a message, and nothing is asked', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/admin/archive');
  const file = testInfo.outputPath('not-an-archive.zip');
  fs.writeFileSync(file, '<script>alert(1)</script>');
  await page.getByLabel('Archive file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import archive' }).click();
  await expect(page.getByRole('alert')).toContainText('This archive cannot be imported: it is not a zip file');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
