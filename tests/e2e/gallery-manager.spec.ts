// The Gallery Manager from the author's side: a gallery made, refused and edited; every real
// fixture image uploaded through the picker with a progress bar and outcome per file; the metadata
// read from the files visible in the grid and, after the rebuild, on the public gallery page;
// image edit (blank title falls back to the file name), image delete, gallery delete.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import type { GalleryImage } from '#lib/galleries.ts';
import { expectNoAxeViolations, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const FIXTURES = path.resolve('tests/fixtures/ai-images');
const FIXTURE_FILES = fs
  .readdirSync(FIXTURES)
  .filter((name) => /\.(png|jpe?g|webp)$/i.test(name))
  .sort();
const REFUSED_BY_SERVER = 'empty_file.png'; // zero bytes
const STORED = FIXTURE_FILES.filter((name) => name !== REFUSED_BY_SERVER);
const NOT_AN_IMAGE = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') };
const MIME_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
/** A fixture as a file payload (the picker takes paths or payloads, not a mix). */
const fixtureFile = (name: string) => ({
  name,
  mimeType: MIME_TYPES[name.split('.').pop()!.toLowerCase()]!,
  buffer: fs.readFileSync(path.join(FIXTURES, name)),
});

const TITLE = 'Fixture Art: Ducks & Miku!';
const SLUG = 'fixture-art-ducks-miku';
const RENAMED = 'Fixture Art';

/** What the public page must show for the files in tests/fixtures/ai-images. */
const EXPECTED = [
  { file: 'automatic1111_cropped.png', prompt: 'photo of a duck', negative: 'monochrome', checkpoint: 'realistic_realisticVisionV20_v20' },
  {
    file: 'img2img_cropped.png',
    prompt: 'photograph of victorian woman with wings, sky clouds, meadow grass',
    negative: 'watermark, text',
    checkpoint: 'v1-5-pruned-emaonly.ckpt',
  },
  {
    file: 'enslo-sd-webui.png',
    prompt: 'general, masterpiece, best quality, amazing quality, 1girl, solo, hatsune miku, テスト',
    negative: 'bad quality, worst quality, worst detail, sketch, censor,',
    checkpoint: 'waiIllustriousSDXL_v160',
  },
  {
    file: 'enslo-easy-reforge.png',
    prompt: 'masterpiece, best quality, very aesthetic, absurdres, newest, safe',
    negative: 'bad anatomy, worst quality, low quality',
    checkpoint: 'copycatNoob_v11',
    lora: 'NoobV065sHyperDmd',
  },
  {
    file: 'enslo-comfyui.png',
    prompt: 'general, masterpiece, best quality, amazing quality, 1girl, solo, hatsune miku, テスト,',
    negative: 'bad quality, worst quality, worst detail, sketch, censor,',
    checkpoint: 'waiIllustriousSDXL_v160.safetensors',
  },
  {
    file: 'enslo-swarmui.jpg',
    prompt: 'general, masterpiece, best quality, amazing quality, 1girl, solo, hatsune miku, #テスト',
    negative: 'bad quality, worst quality, worst detail, sketch, censor,',
    checkpoint: 'waiIllustriousSDXL_v160',
  },
];

const notice = (page: Page) => page.locator('.admin-main > .notice, .gallery-images > .notice');
const galleryCard = (page: Page, title = TITLE) =>
  page.locator('.gallery-card', { has: page.getByRole('link', { name: title, exact: true }) });
const imageCards = (page: Page) => page.locator('.image-card');
const imageCard = (page: Page, title: string) =>
  page.locator('.image-card', { has: page.getByRole('heading', { name: title, exact: true }) });
const uploadRow = (page: Page, name: string) => page.locator('.upload-row', { has: page.getByText(name, { exact: true }) });

async function openGallery(page: Page, title: string) {
  await page.goto('/admin/galleries');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Images in “${title}”` })).toBeVisible();
}

/** Errors the test provoked on purpose (a refused save or upload shows as a failed request). */
function unexpected(errors: string[], ...statuses: number[]) {
  return errors.filter((error) => !statuses.some((status) => error.includes(`status of ${status}`)));
}

async function galleryImages(page: Page): Promise<GalleryImage[]> {
  const galleries = (await (await page.request.get('/api/galleries/list')).json()).galleries as { id: number; slug: string }[];
  const id = galleries.find((gallery) => gallery.slug === SLUG)!.id;
  return (await (await page.request.get(`/api/images/gallery-list?gallery_id=${id}&limit=100`)).json()).images;
}

test('create a gallery: derived slug, required title, a refused save keeps what was typed, edit', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await page.getByRole('link', { name: /Image Galleries/ }).click();
  await expect(page.getByRole('heading', { name: 'Image Galleries', level: 1 })).toBeVisible();
  await expect(galleryCard(page, 'Field Studies')).toContainText('field-studies'); // the demo gallery
  await expect(page.getByText('Select a gallery to see and upload its images.')).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard: Enter opens the form, Escape closes it.
  await page.getByRole('button', { name: 'New Gallery' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'New Gallery' });
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'New Gallery' }).click();
  await expect(form.getByLabel('Rating')).toHaveValue('PG');
  await expect(form.getByLabel('Rating').locator('option')).toHaveText(['PG', 'X']);
  // Empty title: the browser refuses to send the form.
  await form.getByRole('button', { name: 'Create Gallery' }).click();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveJSProperty('validity.valueMissing', true);

  await form.getByLabel('Title').fill(TITLE);
  await expect(form.getByLabel('Slug')).toHaveValue(SLUG);
  await form.getByLabel('Description').fill('Real files from every popular generator. <b>not bold</b>');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create Gallery' }).click();

  await expect(notice(page)).toHaveText('Gallery created successfully!');
  await expect(page).toHaveURL(/\/admin\/galleries\/\d+$/);
  const card = galleryCard(page);
  await expect(card).toContainText(SLUG);
  await expect(card).toContainText('PG');
  await expect(card).toContainText('0 images');
  await expect(card).toContainText('No image');
  await expect(page.getByText('No images in this gallery')).toBeVisible();

  // The same slug again: the server refuses; the form keeps everything and says why.
  await page.getByRole('button', { name: 'New Gallery' }).click();
  const again = page.getByRole('dialog', { name: 'New Gallery' });
  await again.getByLabel('Title').fill(TITLE);
  await again.getByLabel('Rating').selectOption('X');
  await again.getByRole('button', { name: 'Create Gallery' }).click();
  await expect(again.getByRole('alert')).toHaveText(/^Failed to save gallery \((400|409): \S.+\)$/);
  await expect(again.getByLabel('Title')).toHaveValue(TITLE);
  await expect(again.getByLabel('Slug')).toHaveValue(SLUG);
  await expect(again.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true'); // the problem is named at its field
  await expect(again.getByLabel('Title')).not.toHaveAttribute('aria-invalid');
  await expect(again.getByLabel('Rating')).toHaveValue('X');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Discard' }).click(); // typed text: asks first
  await expect(again).toBeHidden();

  // Edit: the slug stays as it is while the title changes.
  await card.getByRole('button', { name: `Edit ${TITLE}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${TITLE}”` });
  await expect(edit.getByLabel('Slug')).toHaveValue(SLUG);
  await edit.getByLabel('Title').fill(RENAMED);
  await expect(edit.getByLabel('Slug')).toHaveValue(SLUG);
  await edit.getByLabel('Description').fill('Real files from every popular generator.');
  await edit.getByRole('button', { name: 'Update Gallery' }).click();
  await expect(notice(page)).toHaveText('Gallery updated successfully!');
  await expect(galleryCard(page, RENAMED)).toContainText(SLUG);
  await expect(page.getByRole('heading', { name: `Images in “${RENAMED}”` })).toBeVisible();
  expect(unexpected(errors, 400, 409)).toEqual([]);
});

test('upload every fixture image: a progress bar and an outcome per file', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await openGallery(page, RENAMED);
  // Slow the uploads down so the progress of each file can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });

  await page.getByLabel('Choose images').setInputFiles([...FIXTURE_FILES.map(fixtureFile), NOT_AN_IMAGE]);
  await expect(page.locator('.upload-row')).toHaveCount(FIXTURE_FILES.length + 1);
  // The browser refuses what is not an image by its name, without sending it.
  await expect(uploadRow(page, 'notes.txt')).toContainText('notes.txt: only PNG, JPEG and WebP images');
  // The big files are still on their way while the first ones finish: progress shows.
  await expect(uploadRow(page, 'enslo-easy-reforge.png')).toContainText(/Uploading \d+%|Reading metadata/);
  await expect(page.locator('.upload-row.is-uploading')).not.toHaveCount(0);
  expect(await page.locator('.upload-row.is-uploading, .upload-row.is-processing').count()).toBeLessThanOrEqual(3);
  await expect(
    uploadRow(page, 'enslo-easy-reforge.png').getByRole('progressbar', { name: 'Upload of enslo-easy-reforge.png' }),
  ).toBeVisible();

  const summary = page.locator('.gallery-upload .notice');
  await expect(summary).toContainText('Failed to upload images', { timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  for (const name of STORED) await expect(uploadRow(page, name)).toContainText('Done');
  await expect(uploadRow(page, REFUSED_BY_SERVER)).toHaveClass(/is-failed/);
  await expect(uploadRow(page, REFUSED_BY_SERVER)).toContainText(`${REFUSED_BY_SERVER}`);
  // The summary lists each refused file by name, and nothing else.
  await expect(summary.getByRole('listitem')).toHaveCount(2);
  await expect(summary.getByRole('listitem').filter({ hasText: REFUSED_BY_SERVER })).toHaveCount(1);
  await expect(summary.getByRole('listitem').filter({ hasText: 'notes.txt' })).toHaveCount(1);

  // The grid reloads with every stored file; the list's counts and hero follow.
  await expect(imageCards(page)).toHaveCount(STORED.length);
  await expect(page.locator('.gallery-images .panel-header')).toContainText(`${STORED.length} images`);
  await expect(galleryCard(page, RENAMED)).toContainText(`${STORED.length} images`);
  await expect(galleryCard(page, RENAMED).locator('.gallery-card-hero img')).toHaveAttribute('src', /^\/api\/uploads\//);
  await expectNoAxeViolations(page);
  // The picker is reachable by keyboard (the hidden input takes the focus; the zone shows it).
  await page.getByLabel('Choose images').focus();
  await expect(page.locator('.drop-zone:focus-within')).toHaveCount(1);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.locator('.upload-row')).toHaveCount(0);

  // A batch with no failure says so. This one is dropped on the zone.
  const base64 = fs.readFileSync(path.join(FIXTURES, 'automatic1111_cropped.jpg')).toString('base64');
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], 'automatic1111_cropped.jpg', { type: 'image/jpeg' }),
    );
    return transfer;
  }, base64);
  await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(uploadRow(page, 'automatic1111_cropped.jpg')).toContainText('Done');
  await expect(summary).toHaveText('Images uploaded successfully!');
  await expect(imageCards(page)).toHaveCount(STORED.length + 1);
  expect(unexpected(errors, 400)).toEqual([]);
});

test('the grid shows what was read from each file', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await openGallery(page, RENAMED);
  const images = await galleryImages(page);
  // By thumbnail: untitled images show their file name without the extension, shared by a.png and a.jpg.
  const cardOf = (file: string) =>
    imageCards(page).filter({ has: page.locator(`img[src="${images.find((image) => image.original_name === file)!.thumb}"]`) });

  const duck = cardOf('automatic1111_cropped.png');
  await expect(duck).toContainText('realistic_realisticVisionV20_v20');
  await expect(duck.locator('.image-meta-prompt').first()).toHaveText('photo of a duck');
  await expect(duck.locator('.image-meta-prompt').nth(1)).toHaveText('monochrome');
  await expect(duck.locator('.image-settings')).toContainText('Size 512×400');

  const reforge = cardOf('enslo-easy-reforge.png');
  await expect(reforge).toContainText('copycatNoob_v11');
  await expect(reforge.locator('.lora-chip')).toHaveText(['NoobV065sHyperDmd 1']);
  await expect(reforge).toContainText('1536×1536 px');

  await expect(cardOf('enslo-comfyui.png')).toContainText('waiIllustriousSDXL_v160.safetensors');
  await expect(cardOf('empty_image.png')).toContainText('No generation data found in this file.');
  // The thumbnails load once in view (lazily, with a 2x variant for sharp screens).
  const thumb = duck.locator('img');
  await thumb.scrollIntoViewIfNeeded();
  await expect(thumb).toHaveAttribute('srcset', / 2x$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(errors).toEqual([]);
});

test('edit an image title and alt text; blank ones are sent as null', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await openGallery(page, RENAMED);
  const before = (await galleryImages(page)).find((image) => image.original_name === 'img2img_cropped.png')!;

  await imageCard(page, before.title)
    .getByRole('button', { name: `Edit ${before.title}` })
    .click();
  const form = page.getByRole('dialog', { name: 'Edit Image' });
  await expect(form.getByLabel('Title')).toHaveAttribute('placeholder', 'img2img_cropped');
  await form.getByLabel('Title').fill('Winged traveller <script>alert(1)</script>');
  await form.getByLabel('Alt text').fill('A woman with wings in a meadow');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page)).toHaveText('Image updated successfully!');
  const titled = imageCard(page, 'Winged traveller <script>alert(1)</script>');
  await expect(titled).toContainText('alt text set');
  await expect(titled.locator('img')).toHaveAttribute('alt', 'A woman with wings in a meadow');

  await titled.getByRole('button', { name: /^Edit/ }).click();
  await expect(form.getByLabel('Title')).toHaveValue('Winged traveller <script>alert(1)</script>');
  await form.getByLabel('Title').fill('   ');
  await form.getByLabel('Alt text').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page)).toHaveText('Image updated successfully!');
  const after = (await galleryImages(page)).find((image) => image.id === before.id)!;
  expect(after.stored_title).toBeNull();
  expect(after.alt_text).toBeNull();
  expect(after.title).toBe(before.title); // the file-name fallback again
  await expect(imageCard(page, before.title)).not.toContainText('alt text set');
  expect(errors).toEqual([]);
});

test('delete an image after a simple confirmation', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await openGallery(page, RENAMED);
  const images = await galleryImages(page);
  const count = images.length;
  await expect(imageCards(page)).toHaveCount(count);
  const copy = images.filter((image) => image.original_name === 'automatic1111_cropped.jpg').at(-1)!;
  const card: Locator = imageCards(page).filter({ has: page.locator(`img[src="${copy.thumb}"]`) });

  await card.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Delete the image "${copy.title}"?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(imageCards(page)).toHaveCount(count);

  await card.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toHaveText('Image deleted successfully!');
  await expect(imageCards(page)).toHaveCount(count - 1);
  await expect(galleryCard(page, RENAMED)).toContainText(`${count - 1} images`);
  expect(errors).toEqual([]);
});

test('more than 100 images: the admin list pages through them, 100 at a time', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  // Pretend the gallery holds 250 images (every page answers with the real first page).
  const requested: URLSearchParams[] = [];
  await page.route('**/api/images/gallery-list?*', async (route) => {
    const url = new URL(route.request().url());
    requested.push(new URLSearchParams(url.search));
    url.searchParams.set('page', '1');
    const response = await route.fetch({ url: url.toString() });
    await route.fulfill({ response, json: { ...(await response.json()), total: 250 } });
  });
  await openGallery(page, RENAMED);
  const pager = page.getByRole('navigation', { name: 'Image pages' });
  await expect(pager).toContainText('Page 1 of 3');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(requested.at(-1)!.get('limit')).toBe('100');
  expect(requested.at(-1)!.get('page')).toBe('1');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 3');
  await expect.poll(() => requested.at(-1)!.get('page')).toBe('2');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 3 of 3');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect.poll(() => requested.at(-1)!.get('page')).toBe('3');
  await page.unrouteAll({ behavior: 'wait' }); // the last page's answer is in
  await expect(imageCards(page)).not.toHaveCount(0);
  expect(errors).toEqual([]);
});

test('failures are named with the reason, and a refused image edit keeps what was typed', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  const refuse = (error: string) => (route: Route) => route.fulfill({ status: 500, json: { success: false, error } });

  await page.route('**/api/galleries/list*', refuse('Database unavailable'));
  await page.goto('/admin/galleries');
  await expect(notice(page)).toHaveText('Failed to load galleries (Database unavailable)');
  await expect(page.getByText('No galleries found')).toBeVisible();
  await page.unroute('**/api/galleries/list*');

  await page.route('**/api/images/gallery-list?*', refuse('Database unavailable'));
  await openGallery(page, RENAMED);
  await expect(notice(page)).toHaveText('Failed to load images (Database unavailable)');
  await expect(page.getByText('No images in this gallery')).toBeVisible();
  await page.unroute('**/api/images/gallery-list?*');
  await page.reload();
  const count = (await galleryImages(page)).length;
  await expect(imageCards(page)).toHaveCount(count);

  await page.route('**/api/images/gallery-update', refuse('Disk full'));
  await imageCards(page).first().getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit Image' });
  await form.getByLabel('Title').fill('Kept after a failure');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Failed to update image (Disk full)');
  await expect(form.getByLabel('Title')).toHaveValue('Kept after a failure');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Discard' }).click(); // typed text: asks first

  await page.route('**/api/images/gallery-delete', (route) => route.abort());
  await imageCards(page)
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toHaveText('Failed to delete image (Network error occurred)');
  await expect(imageCards(page)).toHaveCount(count);

  await page.route('**/api/galleries/delete', refuse('Locked'));
  await galleryCard(page, RENAMED)
    .getByRole('button', { name: `Delete ${RENAMED}` })
    .click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.admin-main > .notice')).toHaveText('Failed to delete gallery (Locked)');
  await expect(galleryCard(page, RENAMED)).toBeVisible();
  expect(unexpected(errors, 500).filter((error) => !error.includes('ERR_FAILED'))).toEqual([]);
});

test('the public gallery page shows the prompts, negatives, checkpoints and LoRAs read on upload', async ({ page }) => {
  // The upload republished the site; wait for the page to appear in the rebuilt site.
  await expect.poll(async () => (await page.request.get(`/galleries/${SLUG}/`)).status(), { timeout: 60_000 }).toBe(200);
  await page.goto(`/galleries/${SLUG}/`);
  await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();
  const main = page.locator('main');
  for (const expected of EXPECTED) {
    await expect(main, expected.file).toContainText(expected.prompt);
    await expect(main, expected.file).toContainText(expected.negative);
    await expect(main, expected.file).toContainText(expected.checkpoint);
    if (expected.lora) await expect(main, expected.file).toContainText(expected.lora);
  }
});

test('delete the gallery with the warning that its images go too', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await openGallery(page, RENAMED);
  const card = galleryCard(page, RENAMED);
  const count = Number(/(\d+) images/.exec((await card.textContent()) ?? '')?.[1]);

  await card.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`All its images (${count} images) will be deleted too.`);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toHaveText('Gallery deleted successfully!');
  await expect(page).toHaveURL(/\/admin\/galleries$/);
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Images in/ })).toHaveCount(0);
  expect(((await (await page.request.get('/api/galleries/list')).json()).galleries as { slug: string }[]).map((g) => g.slug)).not.toContain(
    SLUG,
  );
  expect(errors).toEqual([]);
});
