// How galleries look (docs/product.md, How galleries look): a Markdown description on the
// gallery's page and as plain text elsewhere, an upload titled by its file name, the admin's
// "18+ X" badge, list rows that stay full beside a wide hero, and "Made with" and the upscaled
// size in the lightbox and the admin card.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { Gallery, GalleryImage } from '#lib/galleries.ts';
import { expectNoAxeViolations, signIn, waitForPublishedPage, watchConsoleErrors } from './helpers.ts';

const PG_GALLERY = '/galleries/field-studies/';
const X_GALLERY = '/galleries/after-dark/';
const DEMO_DESCRIPTION = 'Reference images and mood pieces for The Lantern Fleet and Salt and Starlight.';

const imageCard = (page: Page, title: string) =>
  page.locator('.image-card', { has: page.getByRole('heading', { name: title, exact: true }) });

/** The X gallery's images as the API gives them, the first one made with ChatGPT and upscaled. */
async function withMadeWithAndUpscale(page: Page) {
  await page.route('**/api/images/gallery-list*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { images: GalleryImage[] };
    body.images = body.images.map((image) =>
      image.title === 'Neon rain'
        ? { ...image, made_with: 'ChatGPT', settings: { ...image.settings, upscaled_width: 1536, upscaled_height: 1536 } }
        : image,
    );
    await route.fulfill({ response, json: body });
  });
}

test('a Markdown description: formatted on the gallery page, plain text on its card and in its share description', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto(PG_GALLERY);
  const description = page.locator('.gallery-description');
  await expect(description.locator('em')).toHaveText(['The Lantern Fleet', 'Salt and Starlight']);
  await expect(description).not.toContainText('*');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', DEMO_DESCRIPTION);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  expect(jsonLd.find((data) => data['@type'] === 'ImageGallery')?.description).toBe(DEMO_DESCRIPTION);

  await page.goto('/galleries/');
  await expect(page.locator('.gallery-card-description').first()).toHaveText(DEMO_DESCRIPTION);
  expect(errors).toEqual([]);
});

test('the gallery list fills its rows beside a wide hero, on a desktop and on a phone', async ({ page }) => {
  const { galleries } = (await (await page.request.get('/api/galleries/list')).json()) as { galleries: Gallery[] };
  const demo = galleries.find((gallery) => gallery.slug === 'field-studies')!;
  const card = (id: number, title: string, wide = false): Gallery => ({
    ...demo,
    id,
    slug: `${demo.slug}-${id}`,
    title,
    ...(wide && { hero_width: 2400, hero_height: 800 }),
  });
  // Normal, wide, then three normal: on three columns the first used to sit alone beside two empty ones.
  const shown = [card(1, 'First'), card(2, 'Panorama', true), card(3, 'Third'), card(4, 'Fourth'), card(5, 'Fifth')];
  await page.route('**/api/galleries/list*', (route) => route.fulfill({ json: { success: true, galleries: shown } }));

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/galleries/');
    await expect(page.locator('.gallery-card h2')).toHaveText(shown.map((gallery) => gallery.title));
    const list = (await page.locator('.gallery-cards').boundingBox())!;
    const boxes = await page
      .locator('.gallery-card')
      .evaluateAll((cards) =>
        cards.map((c) => ({ top: Math.round(c.getBoundingClientRect().top), ...c.getBoundingClientRect().toJSON() })),
      );
    // Every row starts at the list's left edge and ends at its right edge; the cards keep their order.
    for (const top of new Set(boxes.map((box) => box.top))) {
      const row = boxes.filter((box) => box.top === top);
      expect(row[0]!.left).toBeCloseTo(list.x, 0);
      expect(row.at(-1)!.right).toBeCloseTo(list.x + list.width, 0);
    }
    expect(boxes.map((box) => box.top)).toEqual(boxes.map((box) => box.top).sort((a, b) => a - b));
    expect(boxes[1]!.width).toBeCloseTo(list.width, 0); // the wide hero has its own row
    expect(new Set(boxes.map((box) => box.top)).size).toBe(viewport.width > 1000 ? 3 : shown.length);
  }
});

test('the lightbox shows "Made with" and the size before and after the upscale', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('gallery-adult-confirmed', 'yes');
    localStorage.setItem('gallery-rating', 'X');
  });
  await withMadeWithAndUpscale(page);
  await page.goto(X_GALLERY);
  const card = imageCard(page, 'Neon rain');
  await expect(card).toContainText('Made with ChatGPT');
  await card.getByRole('button', { name: 'Open Neon rain' }).click();
  const box = page.getByRole('dialog', { name: 'Neon rain' });
  await expect(box.getByText('Made with ChatGPT', { exact: true })).toBeVisible();
  await expect(box.locator('.gallery-settings div', { hasText: 'Size' }).locator('dd')).toHaveText('1024×1024, upscaled to 1536×1536');
  await expectNoAxeViolations(page);
});

test('the admin: the rating badge reads "18+ X", and an image card shows "Made with" and the upscaled size', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await withMadeWithAndUpscale(page);
  await page.goto('/admin/galleries');
  const badge = (title: string) =>
    page.locator('.gallery-card', { has: page.getByRole('link', { name: title, exact: true }) }).locator('.badge');
  await expect(badge('After Dark')).toHaveText('Rating: 18+ X');
  await expect(badge('Field Studies')).toHaveText('Rating: PG');
  await page.getByRole('link', { name: 'After Dark', exact: true }).click();
  const card = imageCard(page, 'Neon rain');
  await expect(card.locator('.image-meta div', { hasText: 'Made with' }).locator('dd')).toHaveText('ChatGPT');
  await expect(card.locator('.image-settings')).toContainText('Size 1024×1024, upscaled to 1536×1536');
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('an upload is titled by its file name, and a hostile description stays text', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchConsoleErrors(page);
  await signIn(page);
  const slug = 'look-e2e';
  const remove = async () => {
    const { galleries } = (await (await page.request.get('/api/galleries/list')).json()) as { galleries: Gallery[] };
    for (const gallery of galleries.filter((g) => g.slug === slug))
      await page.request.post('/api/galleries/delete', { data: { id: gallery.id } });
  };
  await remove(); // a retry starts clean
  const description = 'Rain on *neon* signs.\n\n<img src=x onerror="window.hostile=1"><script>window.hostile=1</script>';
  const created = await page.request.post('/api/galleries/create', { data: { title: 'Look E2E', slug, description, rating: 'PG' } });
  expect(created.status()).toBe(201);
  try {
    await page.goto('/admin/galleries');
    await page.getByRole('link', { name: 'Look E2E', exact: true }).click();
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 40, b: 160 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Choose images').setInputFiles({ name: 'Neon alley.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Images uploaded successfully!')).toBeVisible();
    const card = imageCard(page, 'Neon alley');
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Edit Neon alley' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Image' });
    await expect(form.getByLabel('Title')).toHaveValue('');
    await expect(form.getByLabel('Title')).toHaveAttribute('placeholder', 'Neon alley');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The upload republished the site; wait for the page to appear in the rebuilt site.
    await expect.poll(async () => (await page.request.get(`/galleries/${slug}/`)).status(), { timeout: 120_000 }).toBe(200);
    await page.goto(`/galleries/${slug}/`);
    const shown = page.locator('.gallery-description');
    await expect(shown.locator('em')).toHaveText('neon');
    await expect(shown.locator('script, [onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { hostile?: number }).hostile)).toBeUndefined();
    await imageCard(page, 'Neon alley').getByRole('button', { name: 'Open Neon alley' }).click();
    await expect(page.getByRole('dialog', { name: 'Neon alley' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await remove();
    await waitForPublishedPage(page.request, '/galleries/', (html) => !html.includes(slug));
  }
});
