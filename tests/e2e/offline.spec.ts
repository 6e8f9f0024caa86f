// Installing the site and reading offline (docs/product.md): the manifest and icons, a story kept
// for offline reading opening with the network cut, likes and comments saying "You are offline",
// nothing of the admin or the API in the caches, and a new worker taking over under an open chapter.
// Reads the demo story only: it creates nothing.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

const STORY = '/storytime/story/the-lantern-fleet/';
const chapter = (n: number) => `${STORY}chapter/${n}/`;

/** Waits until the worker controls the page (it registers after the load event and claims open pages). */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every address held in the caches of this origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test('the manifest names the site, its colours and icons, and every page links it', async ({ page, request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toBe('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Mara Quillon', start_url: '/', scope: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const file = await request.get(icon.src);
    expect(file.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await file.body()).join('x')).toBe(icon.sizes);
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

  for (const path of ['/', '/storytime/', chapter(1), '/galleries/']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  }
});

test.describe('a story kept for offline reading', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ serviceWorkers: 'allow' });
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  test('is stored with every chapter, with progress shown', async () => {
    await page.goto(STORY);
    await workerInControl(page);
    const keep = page.getByRole('button', { name: 'Keep this story for offline reading' });
    await keep.click();
    await expect(page.getByRole('status').filter({ hasText: 'Kept for offline reading: 3 chapters.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kept for offline reading' })).toBeDisabled();
    // A later visit sees it kept.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Kept for offline reading' })).toBeDisabled();
  });

  test('opens any chapter with the network cut, keeps progress, and likes and comments say so', async () => {
    await context.setOffline(true);
    try {
      // Proof that the network is cut for the worker too: a page never opened does not open (in a
      // tab of its own: the browser's error page would interrupt the next navigation).
      const probe = await context.newPage();
      await expect(probe.goto('/galleries/')).rejects.toThrow();
      await probe.close();

      await page.goto(chapter(2));
      await expect(page.locator('.chapter-body')).not.toBeEmpty();
      // The islands hydrate when seen, from the scripts kept with the story.
      await page.locator('.like-row').scrollIntoViewIfNeeded();
      await expect(page.locator('.like-row')).toContainText('You are offline');
      await expect(page.getByText('You are offline: the comments show when you are back online.')).toBeVisible();
      await page.getByRole('textbox', { name: 'Comment' }).fill('Written on a train');
      await page.getByRole('button', { name: 'Submit Comment' }).click();
      await expect(page.getByRole('alert')).toHaveText('You are offline');

      await page.goto(chapter(3));
      await expect(page.locator('.chapter-body')).not.toBeEmpty();
      // Progress lives in the browser (localStorage): the kept story page offers to go on from chapter 3.
      await page.goto(STORY);
      await expect(page.getByRole('link', { name: /^Continue/ })).toHaveAttribute('href', chapter(3));
    } finally {
      await context.setOffline(false);
    }
    // Back online, the like button works again without a reload of the page.
    await page.goto(chapter(2));
    await page.locator('.like-row').scrollIntoViewIfNeeded();
    await expect(page.locator('.like-row')).toContainText(/\d+ likes?/);
  });

  test('never holds the admin area or the API, uploads aside', async () => {
    await page.goto('/admin/');
    await page.goto(chapter(1));
    await workerInControl(page);
    const urls = (await cachedUrls(page)).map((url) => new URL(url).pathname);
    expect(urls.length).toBeGreaterThan(5);
    expect(urls.filter((path) => path.startsWith('/admin') || (path.startsWith('/api/') && !path.startsWith('/api/uploads/')))).toEqual([]);
  });

  test('a new worker takes over while a chapter is open, and the chapter and the kept story still work', async () => {
    await page.goto(chapter(1));
    await workerInControl(page);
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // Another script address is a new version of the worker for the browser: it installs,
    // activates at once and claims the open chapter.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw.js?release=2');
      await new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller?.scriptURL.endsWith('release=2')) resolve();
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      });
      return registration.scope;
    });
    const after = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(after).not.toBe(before);
    // The open chapter goes on: its like button answers and its next chapter opens.
    await page.locator('.like-row').scrollIntoViewIfNeeded();
    await page.locator('.like-button').click();
    await expect(page.locator('.like-button')).toHaveAttribute('aria-pressed', 'true');
    await page.locator('.like-button').click();
    await expect(page.locator('.like-button')).toHaveAttribute('aria-pressed', 'false');
    await context.setOffline(true);
    try {
      await page.goto(chapter(3));
      await expect(page.locator('.chapter-body')).not.toBeEmpty();
    } finally {
      await context.setOffline(false);
    }
  });
});
