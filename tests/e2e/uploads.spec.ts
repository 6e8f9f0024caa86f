// The Upload Manager: upload by the file input and by drop, see the file in the general tab,
// view it, refuse what is not an image (in the browser and on the server), delete it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './helpers.ts';

// These tests share one server; each removes what it uploaded.
test.describe.configure({ mode: 'serial' });

const FIXTURES = path.resolve('tests/fixtures/ai-images');
const PICTURE = path.join(FIXTURES, 'enslo-sd-webui.png'); // 1024x1024, 1.3 MB
const TINY_PNG = fs.readFileSync(path.join(FIXTURES, 'automatic1111_cropped.png'));
const INVALID_TYPE = 'Invalid file type. Only JPEG, PNG, GIF, and WebP are allowed.';

const generalTab = (page: Page) => page.getByRole('tab', { name: /^General \(\d+\)$/ });
const fileInput = (page: Page) => page.getByLabel('Browse for an image');
const cards = (page: Page) => page.locator('.upload-card');
const notice = (page: Page) => page.locator('.admin-main > .notice');

async function openGeneralTab(page: Page): Promise<number> {
  await page.goto('/admin/uploads');
  await generalTab(page).click();
  await expect(generalTab(page)).toHaveAttribute('aria-selected', 'true');
  const name = (await generalTab(page).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1]);
}

async function deleteCard(page: Page, card: Locator) {
  await card.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toHaveText('File deleted successfully!');
}

test('upload an image, view it, and delete it after a cancelled first try', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: /Upload Manager/ }).click();
  await expect(page.getByRole('heading', { name: 'Upload Manager', level: 1 })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Upload folders' })).toBeVisible();
  const before = await openGeneralTab(page);

  await fileInput(page).setInputFiles(PICTURE);
  await expect(notice(page)).toHaveText('File "enslo-sd-webui.png" uploaded successfully!');
  await expect(generalTab(page)).toHaveText(`General (${before + 1})`);
  await expect(cards(page)).toHaveCount(before + 1);
  await expect(page.locator('.upload-totals')).toContainText('MB in total');

  const card = cards(page).first(); // newest first
  await expect(card).toContainText(/^.*\.png/);
  await expect(card).toContainText('1.3 MB');
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  await expectNoAxeViolations(page);

  const view = card.getByRole('link', { name: /^View/ });
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(view).toHaveAttribute('rel', /noopener/);
  const popupOpened = page.waitForEvent('popup');
  await view.click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/api\/uploads\/general\/[0-9a-f-]+\.png$/);
  expect(await popup.evaluate(() => document.contentType)).toBe('image/png');
  await popup.close();

  const filename = (await card.locator('.upload-name').textContent())!;
  await card.getByRole('button', { name: `Delete ${filename}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText(`Are you sure you want to delete "${filename}"? This action cannot be undone.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(before + 1);

  await deleteCard(page, card);
  await expect(generalTab(page)).toHaveText(`General (${before})`);
  await expect(page.getByText(filename)).toHaveCount(0);
});

test('refuses a non-image in the browser and a disguised one on the server', async ({ page }) => {
  await signIn(page);
  const before = await openGeneralTab(page);

  await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just notes') });
  await expect(page.getByRole('alert')).toHaveText(INVALID_TYPE);

  await fileInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByRole('alert')).toHaveText('File too large. Maximum size is 5MB.');

  // Declared a PNG, but the bytes are a web page: only the server can tell.
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  await fileInput(page).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: html });
  await expect(page.getByRole('alert')).toHaveText(`"fake.png": ${INVALID_TYPE}`);
  await expect(generalTab(page)).toHaveText(`General (${before})`);
});

test('a drop uploads only its first file', async ({ page }) => {
  await signIn(page);
  const before = await openGeneralTab(page);
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const png = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    transfer.items.add(new File([png], 'dropped.png', { type: 'image/png' }));
    transfer.items.add(new File([png], 'second.png', { type: 'image/png' }));
    return transfer;
  }, TINY_PNG.toString('base64'));
  await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(notice(page)).toHaveText('File "dropped.png" uploaded successfully!');
  await expect(generalTab(page)).toHaveText(`General (${before + 1})`);
  await deleteCard(page, cards(page).first());
  await expect(generalTab(page)).toHaveText(`General (${before})`);
});

test('tabs follow the arrow keys; thumbnails that fail to load show a placeholder', async ({ page }) => {
  await signIn(page);
  await openGeneralTab(page);
  await fileInput(page).setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(notice(page)).toHaveText('File "tiny.png" uploaded successfully!');

  // Routing turns the browser's cache off, so the reloaded thumbnails really go to the network.
  await page.route('**/api/uploads/**', (route) => route.abort());
  await page.reload();
  await generalTab(page).click();
  const card = cards(page).first();
  await expect(card.getByText('No preview')).toBeVisible();
  await page.unroute('**/api/uploads/**');

  await generalTab(page).press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Covers/ })).toBeFocused();
  await expect(page.getByRole('tab', { name: /^Covers/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(generalTab(page)).toHaveAttribute('aria-selected', 'true');
  await deleteCard(page, cards(page).first());
});
