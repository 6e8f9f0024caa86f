// A visitor in the public galleries: the list filtered PG/X through the 18+ question (declined,
// then confirmed and remembered), an X gallery opened directly (no image before the answer),
// search, 'Load more' on a gallery of 23 images made through the API, the lightbox (like, a
// comment, keys, focus, a shareable address), copying a prompt, failures, and 'Gallery not found.'.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations, hydrated, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const LIST = '/galleries/';
const PG_GALLERY = '/galleries/field-studies/';
const X_GALLERY = '/galleries/after-dark/';

const cards = (page: Page) => page.locator('.image-card');
const card = (page: Page, title: string) => page.locator('.image-card', { has: page.getByRole('heading', { name: title, exact: true }) });
const ratingSelect = (page: Page) => page.getByLabel('Rating');
const ageGate = (page: Page) => page.getByRole('dialog', { name: 'Are you 18 or older?' });
const lightbox = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Requests for pictures (data: URLs are not requests). */
function watchImageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' && !request.url().startsWith('data:')) urls.push(request.url());
  });
  return urls;
}

test('the list shows PG galleries; X asks the 18+ question, declined then confirmed and remembered', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto(LIST);
  await expect(page.getByRole('heading', { name: 'All Galleries', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Home', 'Galleries']);
  await expect(ratingSelect(page)).toHaveValue('PG');
  const fieldStudies = page.getByRole('link', { name: 'Field Studies', exact: true });
  await expect(fieldStudies).toHaveAttribute('href', PG_GALLERY);
  await expect(page.locator('.gallery-card').first()).toContainText(/3 images · \d+ likes? · \d+ comments?/);
  await expect(page.getByRole('link', { name: /After Dark/ })).toHaveCount(0);
  // X galleries are not in the page's HTML at all.
  expect(await (await page.request.get(LIST)).text()).not.toContain('after-dark');
  await expectNoAxeViolations(page);

  await ratingSelect(page).selectOption('X');
  await expect(ageGate(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await ageGate(page).getByRole('button', { name: 'No, show PG only' }).click();
  await expect(ageGate(page)).toBeHidden();
  await expect(ratingSelect(page)).toHaveValue('PG');
  await expect(page.getByRole('link', { name: /After Dark/ })).toHaveCount(0);

  await ratingSelect(page).selectOption('X');
  await expect(ageGate(page)).toBeVisible();
  await page.keyboard.press('Escape'); // counts as declining
  await expect(ageGate(page)).toBeHidden();
  await expect(ratingSelect(page)).toHaveValue('PG');

  await ratingSelect(page).selectOption('X');
  await ageGate(page).getByRole('button', { name: 'I am 18 or older' }).click();
  const afterDark = page.locator('.gallery-card', { has: page.getByRole('link', { name: 'After Dark' }) });
  await expect(afterDark).toContainText('18+');
  await expect(page.locator('.gallery-card', { has: fieldStudies })).not.toContainText('18+');
  await expect(afterDark.getByRole('link', { name: 'After Dark' })).toHaveAttribute('href', X_GALLERY);

  await page.reload(); // remembered on the device: no question again
  await expect(ratingSelect(page)).toHaveValue('X');
  await expect(afterDark).toBeVisible();
  await expect(ageGate(page)).toBeHidden();
  await expectNoAxeViolations(page);

  await ratingSelect(page).selectOption('PG');
  await expect(page.getByRole('link', { name: /After Dark/ })).toHaveCount(0);
  await ratingSelect(page).selectOption('X'); // confirmed already: no question
  await expect(afterDark).toBeVisible();
  await expect(ageGate(page)).toBeHidden();
  expect(errors).toEqual([]);
});

test('an X gallery opened directly asks first and requests no image before the answer', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  const images = watchImageRequests(page);
  await page.goto(X_GALLERY);
  await expect(ageGate(page)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const html = await (await page.request.get(X_GALLERY)).text();
  expect(html).not.toMatch(/gallery-after-dark\.webp|\/api\/uploads\//);
  await page.waitForLoadState('networkidle');
  expect(images).toEqual([]);

  await ageGate(page).getByRole('button', { name: 'No, show PG only' }).click();
  await expect(page.getByText('This gallery is rated X: its images are for adults (18+) only.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(images).toEqual([]);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Show this gallery' }).click();
  await ageGate(page).getByRole('button', { name: 'I am 18 or older' }).click();
  await expect(card(page, 'Neon rain')).toBeVisible();
  await expect(card(page, 'Neon rain').locator('img.thumb-image')).toHaveJSProperty('complete', true);
  expect(images.length).toBeGreaterThan(0);
  await expect(card(page, 'Neon rain').locator('.lora-chips')).toContainText('NoobV065sHyperDmd');

  await page.reload(); // remembered: the images load at once
  await expect(ageGate(page)).toBeHidden();
  await expect(card(page, 'Neon rain')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the gallery page: prebuilt images, structured data, search narrows, nonsense finds none', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto(PG_GALLERY);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    'Galleries',
    'Field Studies',
  ]);
  await expect(page.getByRole('heading', { name: 'Field Studies', level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByText('No more images.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const duck = card(page, 'Duck study');
  await expect(duck).toContainText('photo of a duck');
  await expect(duck).toContainText('monochrome');
  await expect(duck).toContainText('realistic_realisticVisionV20_v20');
  await expect(duck.getByRole('link', { name: /^Open original/ })).toHaveAttribute('href', '/images/demo/gallery-duck.webp');
  const thumb = duck.locator('img.thumb-image');
  await expect(thumb).toHaveAttribute('width', '512');
  await expect(thumb).toHaveAttribute('height', '400');

  // Useful before any script runs: the images and prompts are in the HTML as built.
  const html = await (await page.request.get(PG_GALLERY)).text();
  expect(html).toContain('photo of a duck');
  expect(html).toContain('/images/demo/gallery-duck.webp');
  // The gallery first, then its breadcrumb.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd).toMatchObject({ '@type': 'ImageGallery', name: 'Field Studies' });
  expect(jsonLd.image).toHaveLength(3);
  expect(jsonLd.image[0]).toMatchObject({
    '@type': 'ImageObject',
    contentUrl: expect.stringMatching(/^https?:\/\/.+\.webp$/),
    width: { '@type': 'QuantitativeValue', value: expect.any(Number), unitCode: 'E37' },
    creditText: 'Mara Quillon',
  });
  await expectNoAxeViolations(page);

  const search = page.getByRole('searchbox', { name: 'Search images' });
  await expect(search).toHaveAttribute('placeholder', 'Search prompt / LoRA / checkpoint…');
  await search.fill('duck');
  await expect(cards(page)).toHaveCount(1);
  await expect(duck).toBeVisible();
  await search.fill('realisticVision');
  await expect(cards(page)).toHaveCount(1);
  await search.fill('zzq nonsense qqx');
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText('No images match this search.')).toBeVisible();
  await search.fill("%_'\\"); // SQL and pattern characters match literally
  await expect(page.getByText('No images match this search.')).toBeVisible();
  await expect(page.getByText('Failed to load images for this gallery.')).toHaveCount(0);
  await search.fill('');
  await expect(cards(page)).toHaveCount(3);
  expect(errors).toEqual([]);
});

test('thumbnails load without moving anything (no layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PG_GALLERY);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(500);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

/** Analytics events the page sent. Beacons carry no body Playwright can read: the page falls back to fetch. */
async function watchAnalytics(page: Page): Promise<Record<string, unknown>[]> {
  await page.addInitScript(() => {
    navigator.sendBeacon = () => false;
  });
  const events: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/ingest')) events.push(JSON.parse(request.postData() ?? '{}'));
  });
  return events;
}

test('the lightbox: like toggle, a comment awaiting moderation, keys, focus and a shareable address', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  const events = await watchAnalytics(page);
  await page.goto(PG_GALLERY);
  await expect
    .poll(() => events)
    .toContainEqual(expect.objectContaining({ event_type: 'gallery_view', content_type: 'gallery', content_id: 'field-studies' }));
  expect(events).toContainEqual(expect.objectContaining({ event_type: 'page_view', url_path: PG_GALLERY }));
  const winged = card(page, 'Winged traveller');
  const opener = winged.getByRole('button', { name: 'Open Winged traveller' });
  await opener.click();
  const box = lightbox(page, 'Winged traveller');
  await expect(box).toBeVisible();
  await expect(page).toHaveURL(/\?image=\d+$/);
  const address = page.url();
  const imageId = new URL(address).searchParams.get('image');
  await expect
    .poll(() => events)
    .toContainEqual(
      expect.objectContaining({
        event_type: 'image_view',
        content_type: 'image',
        content_id: imageId,
        parent_type: 'gallery',
        parent_id: 'field-studies',
      }),
    );
  await expect(box.getByRole('img', { name: /Victorian woman with wings/ })).toBeVisible();
  await expect(box.getByText('The light on the wings is lovely.')).toBeVisible(); // an approved comment
  await expect(box.getByText('Sketchbook Sam')).toBeVisible();

  await expect(box.getByText('1 like', { exact: true })).toBeVisible();
  await box.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(box.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(box.getByText('2 likes', { exact: true })).toBeVisible();
  await box.getByRole('button', { name: 'Liked' }).click();
  await expect(box.getByText('1 like', { exact: true })).toBeVisible();

  const submit = box.getByRole('button', { name: 'Submit Comment' });
  await expect(submit).toBeDisabled();
  await box.getByLabel('Name (optional)').fill('<b>Tester</b>');
  await box.getByRole('textbox', { name: 'Comment' }).fill('   ');
  await expect(submit).toBeDisabled();
  await box.getByRole('textbox', { name: 'Comment' }).fill('Lovely <i>wings</i>');
  await expect(box.getByText('19/1000 characters')).toBeVisible();
  await box.getByRole('textbox', { name: 'Comment' }).press('ArrowRight'); // typing: the arrow keys stay in the field
  await expect(box).toBeVisible();
  await submit.click();
  await expect(box.getByRole('status').filter({ hasText: 'successfully' })).toContainText('approved');
  await expect(box.getByText('Lovely <i>wings</i>')).toHaveCount(0); // pending until approved
  await expectNoAxeViolations(page);

  // The grid lists the newest first: Veil crossing, Winged traveller, Duck study.
  await expect(page.locator('.image-card h2')).toHaveText(['Veil crossing', 'Winged traveller', 'Duck study']);
  await box.getByRole('heading', { name: 'Winged traveller' }).click(); // focus out of the form
  await page.keyboard.press('ArrowRight');
  await expect(lightbox(page, 'Duck study')).toBeVisible();
  await expect(lightbox(page, 'Duck study').getByText('No comments yet. Be the first to comment!')).toBeVisible(); // its one comment is pending
  await page.keyboard.press('ArrowRight'); // round to the first
  await expect(lightbox(page, 'Veil crossing')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox(page, 'Winged traveller')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect(box).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(page).toHaveURL(PG_GALLERY);
  await expect(opener).toBeFocused();

  await page.goto(address); // the shared address opens the same image
  await expect(lightbox(page, 'Winged traveller')).toBeVisible();
  await lightbox(page, 'Winged traveller').getByRole('button', { name: 'Close' }).click();
  await expect(lightbox(page, 'Winged traveller')).toBeHidden();
  expect(errors).toEqual([]);
});

test('a comment the server refuses shows the status and its words', async ({ page }) => {
  await page.route('**/api/images/gallery-comment-create', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Too many comments.' }) }),
  );
  await page.goto(PG_GALLERY);
  await (await hydrated(card(page, 'Duck study'))).getByRole('button', { name: 'Open Duck study' }).click();
  const box = lightbox(page, 'Duck study');
  await box.getByRole('textbox', { name: 'Comment' }).fill('Quack');
  await box.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(box.getByRole('alert')).toHaveText('Failed to submit comment (429): Too many comments.');
  await expect(box.getByRole('textbox', { name: 'Comment' })).toHaveValue('Quack'); // kept to try again
});

test('Copy puts the prompt on the clipboard and says Copied for a second', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(PG_GALLERY);
  const duck = await hydrated(card(page, 'Duck study'));
  const copy = duck.getByRole('button', { name: 'Copy prompt', exact: true });
  await copy.click();
  await expect(duck.getByRole('button', { name: 'Copied prompt' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('photo of a duck');
  await expect(copy).toBeVisible({ timeout: 2000 });
  await duck.getByRole('button', { name: 'Copy negative prompt' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('monochrome');
});

test('a failing API: the list says so for X, the gallery page when it cannot load images', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('gallery-adult-confirmed', 'yes');
    localStorage.setItem('gallery-rating', 'X');
  });
  await page.route('**/api/galleries/list*', (route) => route.abort());
  await page.goto(LIST);
  await expect(page.getByRole('alert')).toHaveText('Unable to load galleries. Ensure the new PHP API is uploaded and database configured.');
  await ratingSelect(page).selectOption('PG'); // the prebuilt PG galleries still serve
  await expect(page.getByRole('link', { name: 'Field Studies', exact: true })).toBeVisible();

  await page.route('**/api/images/gallery-list*', (route) => route.abort());
  await page.goto(PG_GALLERY);
  await expect(cards(page)).toHaveCount(3); // prebuilt
  await (await hydrated(page.getByRole('searchbox', { name: 'Search images' }))).fill('duck');
  await expect(page.getByRole('alert')).toHaveText('Failed to load images for this gallery.');
});

test('the light theme passes axe on the list, a gallery and the open lightbox', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto(LIST);
  await expect(page.locator('html')).toHaveClass(/light/);
  await expectNoAxeViolations(page);
  await page.goto(PG_GALLERY);
  await expectNoAxeViolations(page);
  await (await hydrated(page.getByRole('button', { name: 'Open Veil crossing' }))).click();
  await expect(lightbox(page, 'Veil crossing').getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an unknown gallery says 'Gallery not found.' with status 404", async ({ page }) => {
  for (const slug of ['no-such-gallery', '%3Cscript%3Ealert(1)', "x'%20OR%201=1"]) {
    const response = await page.goto(`/galleries/${slug}/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Gallery not found.', level: 1 })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Browse all galleries' }).click();
  await expect(page).toHaveURL(LIST);
});

test('the sitemap lists PG galleries and leaves X galleries out', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  const index = await (await request.get(new URL(/Sitemap: (\S+)/.exec(robots)![1]!).pathname)).text();
  const sitemap = await (await request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths).toEqual(expect.arrayContaining([LIST, PG_GALLERY]));
  expect(paths).not.toContain(X_GALLERY);
  expect(paths.filter((path) => path.includes('not-found'))).toEqual([]);
});

/** Small PNGs of different colours, made here (the server reads their size from the pixels). */
async function generatedPngs(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `generated-${String(index + 1).padStart(2, '0')}.png`,
      buffer: await sharp({
        create: { width: 96, height: 64, channels: 3, background: { r: (index * 37) % 256, g: (index * 91) % 256, b: 160 } },
      })
        .png()
        .toBuffer(),
    })),
  );
}

test("'Load more' brings 20 more at a time, one load at a time, then 'No more images.'", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const errors = watchConsoleErrors(page);
  await signIn(page);
  const slug = 'load-more-e2e';
  const created = await page.request.post('/api/galleries/create', {
    data: { title: 'Load More E2E', slug, description: 'Many images.', rating: 'PG' },
  });
  expect(created.status()).toBe(201);
  const galleryId = (await created.json()).gallery.id as number;
  const form = new FormData();
  form.append('gallery_id', String(galleryId));
  for (const file of await generatedPngs(23))
    form.append('files[]', new Blob([new Uint8Array(file.buffer)], { type: 'image/png' }), file.name);
  const uploaded = await page.request.post('/api/images/gallery-upload', { multipart: form, headers: { origin: baseURL! } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  expect((await uploaded.json()).images).toHaveLength(23);

  try {
    await expect.poll(async () => (await page.request.get(`/galleries/${slug}/`)).status(), { timeout: 90_000 }).toBe(200);
    const pageLoads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/images/gallery-list') && request.url().includes('page=2')) pageLoads.push(request.url());
    });
    await page.goto(`/galleries/${slug}/`);
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByText('No more images.')).toHaveCount(0);
    const more = page.getByRole('button', { name: 'Load more' });
    await more.dblclick(); // a second click while loading starts no second load
    await expect(cards(page)).toHaveCount(23);
    await expect(page.getByText('No more images.')).toBeVisible();
    await expect(more).toHaveCount(0);
    expect(pageLoads).toHaveLength(1);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  } finally {
    await page.request.post('/api/galleries/delete', { data: { id: galleryId } });
  }
});
