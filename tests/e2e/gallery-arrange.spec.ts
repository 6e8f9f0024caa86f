// Arranging a gallery in the Gallery Manager (docs/product.md, Arranging a gallery): choosing the
// hero, reordering by the keyboard on a card's handle and by dragging it, and moving an image to
// another gallery. Two galleries of three images each are made for the file and deleted after.
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations, signIn, waitForPublishedPage } from './helpers.ts';

test.describe.configure({ mode: 'serial' });
// Wide enough for the three cards side by side: the keyboard and the mouse move along one row.
test.use({ viewport: { width: 1400, height: 1400 } });

const GALLERIES = [
  { title: 'Arrange Shelf E2E', slug: 'arrange-shelf-e2e' },
  { title: 'Arrange Box E2E', slug: 'arrange-box-e2e' },
] as const;
const galleryIds: number[] = [];

async function deleteGalleries(request: APIRequestContext) {
  const { galleries } = await (await request.get('/api/galleries/list')).json();
  for (const gallery of galleries as { id: number; slug: string }[]) {
    if (GALLERIES.some((made) => made.slug === gallery.slug)) await request.post('/api/galleries/delete', { data: { id: gallery.id } });
  }
}

/** Uploads a small PNG titled `title` (one at a time, so the last is the newest, shown first). */
async function uploadTitled(request: APIRequestContext, origin: string, galleryId: number, title: string, shade: number) {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const uploaded = await request.post('/api/images/gallery-upload', {
    multipart: { gallery_id: String(galleryId), 'files[]': { name: `${title}.png`, mimeType: 'image/png', buffer } },
    // A multipart form carries no origin of its own here; the site refuses changes from elsewhere.
    headers: { origin },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const [image] = (await uploaded.json()).images;
  expect((await request.post('/api/images/gallery-update', { data: { id: image.id, title } })).ok()).toBe(true);
}

test.beforeAll(async ({ browser }, info) => {
  const origin = info.project.use.baseURL!;
  const page = await browser.newPage();
  await signIn(page);
  await deleteGalleries(page.request);
  for (const [index, gallery] of GALLERIES.entries()) {
    const made = await page.request.post('/api/galleries/create', { data: { ...gallery, rating: 'PG' } });
    expect(made.status()).toBe(201);
    const id = (await made.json()).gallery.id as number;
    galleryIds.push(id);
    for (const [n, name] of ['One', 'Two', 'Three'].entries()) await uploadTitled(page.request, origin, id, `${name} ${index + 1}`, n * 80);
  }
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  await deleteGalleries(page.request);
  // The files go at once, the pages with the next build: the specs after this one must not meet
  // a gallery list that still shows these galleries' deleted thumbnails.
  await waitForPublishedPage(page.request, '/galleries/', (html) => !GALLERIES.some((gallery) => html.includes(gallery.slug)));
  await page.close();
});

const cardTitles = (page: Page) => page.locator('.image-card h3').evaluateAll((items) => items.map((item) => item.textContent));
async function savedTitles(page: Page, galleryId: number): Promise<string[]> {
  const { images } = await (await page.request.get(`/api/images/gallery-list?gallery_id=${galleryId}&limit=100`)).json();
  return images.map((image: { title: string }) => image.title);
}
const reordered = (page: Page) => page.waitForResponse((res) => res.url().endsWith('/api/images/gallery-reorder') && res.ok());

async function openGallery(page: Page, index: 0 | 1) {
  await signIn(page);
  await page.goto(`/admin/galleries/${galleryIds[index]}`);
  await expect(page.getByRole('heading', { name: `Images in “${GALLERIES[index].title}”` })).toBeVisible();
  await expect(page.locator('.image-card')).toHaveCount(3);
}

test('the hero is the first image until another is chosen with "Use as hero"', async ({ page }) => {
  await openGallery(page, 0);
  expect(await cardTitles(page)).toEqual(['Three 1', 'Two 1', 'One 1']);
  const hero = page.locator('.image-card', { has: page.locator('.image-hero-badge') });
  await expect(hero).toHaveCount(1);
  await expect(hero.locator('h3')).toContainText('Three 1');
  await expect(hero.getByRole('button', { name: 'Use as hero Three 1' })).toBeDisabled();

  await page.getByRole('button', { name: 'Use as hero One 1' }).click();
  await expect(page.getByText('“One 1” is now the hero.')).toBeVisible();
  await expect(hero.locator('h3')).toContainText('One 1');
  // The gallery's card in the list shows the chosen image.
  const oneThumb = await page.locator('.image-card', { hasText: 'One 1' }).locator('.image-card-thumb img').getAttribute('src');
  const card = page.locator('.gallery-card', { has: page.getByRole('link', { name: GALLERIES[0].title, exact: true }) });
  await expect(card.locator('.gallery-card-hero img')).toHaveAttribute('src', oneThumb!);
  await expectNoAxeViolations(page);
});

test('an image moves by the keyboard on its handle, and by dragging the handle', async ({ page }) => {
  await openGallery(page, 0);
  const handle = page.getByRole('button', { name: 'Drag “One 1”' });
  await handle.focus();
  const first = reordered(page);
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Image “One 1” is over place 3.')).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Image “One 1” is over place 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Image “One 1” was dropped at place 2.')).toBeAttached();
  await first;
  await expect.poll(() => cardTitles(page)).toEqual(['Three 1', 'One 1', 'Two 1']);
  expect(await savedTitles(page, galleryIds[0]!)).toEqual(['Three 1', 'One 1', 'Two 1']);

  const from = await page.getByRole('button', { name: 'Drag “Two 1”' }).boundingBox();
  const to = await page.getByRole('button', { name: 'Drag “Three 1”' }).boundingBox();
  const second = reordered(page);
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  // A first small move starts the drag; the grid measures itself before the rest of the way.
  await page.mouse.move(from!.x + from!.width / 2 - 5, from!.y + from!.height / 2);
  await expect(page.getByRole('button', { name: 'Drag “Two 1”' })).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 20 });
  await expect(page.getByText('Image “Two 1” is over place 1.')).toBeAttached();
  await page.mouse.up();
  await second;
  await expect.poll(() => cardTitles(page)).toEqual(['Two 1', 'Three 1', 'One 1']);
  expect(await savedTitles(page, galleryIds[0]!)).toEqual(['Two 1', 'Three 1', 'One 1']);
});

test('"Move to…" puts the image first in the other gallery, and it is no longer the hero here', async ({ page }) => {
  await openGallery(page, 0);
  await page.getByRole('button', { name: 'Move to… One 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move “One 1”' });
  await dialog.getByLabel('Gallery').selectOption({ label: GALLERIES[1].title });
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(`Moved “One 1” to “${GALLERIES[1].title}”.`)).toBeVisible();
  await expect.poll(() => cardTitles(page)).toEqual(['Two 1', 'Three 1']);
  // The chosen hero left: the first image is the hero again.
  await expect(page.locator('.image-card', { has: page.locator('.image-hero-badge') }).locator('h3')).toContainText('Two 1');
  expect(await savedTitles(page, galleryIds[1]!)).toEqual(['One 1', 'Three 2', 'Two 2', 'One 2']);
});
