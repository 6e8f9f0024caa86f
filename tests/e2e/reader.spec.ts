// A reader's visit to the demo story: the list, the story, chapters in order with the buttons
// and the keyboard, progress with Continue and Reset, likes, a comment, the theme and reading
// settings surviving a reload; then the author's Edit dialog on a chapter.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const STORY = '/storytime/story/the-lantern-fleet/';
const chapter = (n: number) => `${STORY}chapter/${n}/`;

/** Scrolls to the end once the page has loaded (after a click, its navigation may still be going on). */
async function scrollToEnd(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(150); // progress is saved on the next animation frame
}

test('the story list, its cover viewer and the story page', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto('/storytime/');
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Home', 'Stories']);
  await expect(page.getByRole('link', { name: 'Salt and Starlight' })).toHaveCount(0); // a draft
  await expect(page.getByText('Continue — Chapter')).toBeHidden();
  await expect(page.locator('.site-footer')).toContainText(`© ${new Date().getFullYear()} Mara Quillon`);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'View the cover of The Lantern Fleet full screen' }).click();
  const viewer = page.getByRole('dialog', { name: 'Cover' });
  await expect(viewer.getByRole('img', { name: 'Cover of The Lantern Fleet' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(STORY);
  await expect(page.getByRole('heading', { name: 'The Lantern Fleet', level: 1 })).toBeVisible();
  await expect(page.getByText('Showing 3 of 3')).toBeVisible();
  await expect(page.getByText(/3 chapters · \d+ words · about \d+ min read/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Open Doors/ })).toHaveCount(0); // a draft chapter
  await expect(page.getByRole('button', { name: 'Load More Chapters' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('chapters in order by buttons and keyboard, with page breaks, progress, Continue and Reset', async ({ page }) => {
  await page.goto(STORY);
  await page.getByRole('link', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(chapter(1));
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    'Stories',
    'The Lantern Fleet',
    'Chapter 1',
  ]);
  await expect(page.getByRole('heading', { name: 'The Derelict', level: 1 })).toBeVisible();
  await expect(page.locator('.chapter-text .page-break img')).toHaveAttribute('src', '/images/page-break.png');
  await expect(page.locator('.chapter-text hr')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Previous chapter/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Search and sharing (docs/product.md): the description rule, the canonical address, the cover, JSON-LD.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'The warship came out of the Veil the way a whale surfaces: slowly, and then all at once.',
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/storytime\/story\/the-lantern-fleet\/chapter\/1\/$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/share\/story\/the-lantern-fleet\.jpg$/);
  expect((await page.request.get('/share/story/the-lantern-fleet.jpg')).headers()['content-type']).toBe('image/jpeg');
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /web serial, online novel, illustrated story$/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd).toMatchObject({ '@type': 'Chapter', position: 1, isPartOf: { '@type': 'CreativeWorkSeries', name: 'The Lantern Fleet' } });
  expect(await page.locator('html').getAttribute('lang')).toBe('en-US');

  await page.getByRole('link', { name: 'Next Chapter →' }).click();
  await expect(page).toHaveURL(chapter(2));
  await page.waitForLoadState('domcontentloaded'); // the page's script listens for the keys
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(chapter(3));
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await page.waitForLoadState('domcontentloaded');
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(chapter(2));
  await scrollToEnd(page);

  await page.goto('/storytime/');
  await expect(page.getByRole('link', { name: 'Continue — Chapter 2' })).toBeVisible();
  await expect(page.getByText(/^\d of 3 chapters read$/)).toBeVisible();
  await page.goto(STORY);
  await expect(page.locator('[data-chapter-number="2"]')).toContainText('Last read');
  await page.getByRole('link', { name: 'Continue — Chapter 2' }).click();
  await expect(page).toHaveURL(chapter(2));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0); // the scroll position came back

  await page.goto(STORY);
  await page.getByRole('button', { name: 'Reset progress' }).click();
  await expect(page.getByRole('link', { name: /Continue — Chapter/ })).toBeHidden();
  await expect(page.getByText('Last read')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Reset progress' })).toBeHidden();
});

test('like and unlike; a comment waits for approval', async ({ page }) => {
  await page.goto(chapter(2)); // its one comment is still pending
  await page.locator('.chapter-social').scrollIntoViewIfNeeded();
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();

  await page.goto(chapter(1));
  // The islands load when the reader gets near them (client:visible).
  await page.locator('.chapter-social').scrollIntoViewIfNeeded();
  const like = page.getByRole('button', { name: 'Like', exact: true });
  await expect(page.getByText('3 likes')).toBeVisible();
  await like.click();
  await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('4 likes')).toBeVisible();
  await page.reload();
  await page.locator('.chapter-social').scrollIntoViewIfNeeded();
  await expect(page.getByText('4 likes')).toBeVisible();
  await page.getByRole('button', { name: 'Liked' }).click();
  await expect(page.getByText('3 likes')).toBeVisible();

  const comments = page.getByRole('region', { name: /Comments/ });
  await expect(comments.getByText('Rule three is going to be broken so hard.', { exact: false })).toBeVisible();
  const submit = comments.getByRole('button', { name: 'Submit Comment' });
  await expect(submit).toBeDisabled();
  await comments.getByLabel('Name (optional)').fill('<b>Tester</b>');
  await comments.getByLabel('Comment').fill('   ');
  await expect(submit).toBeDisabled();
  await comments.getByLabel('Comment').fill('What a <i>hook</i>!');
  await expect(comments.getByText('19/1000 characters')).toBeVisible();
  await submit.click();
  const message = comments.getByRole('status');
  await expect(message).toContainText('successfully');
  await expect(message).toHaveClass(/is-success/);
  await expect(comments.getByText('What a <i>hook</i>!')).toHaveCount(0); // pending until approved
  await expectNoAxeViolations(page);
});

test("a chapter that does not exist, or is a draft, says 'Chapter not found'", async ({ page }) => {
  for (const number of [99, 4]) {
    const response = await page.goto(chapter(number));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Chapter not found', level: 1 })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Browse all stories' }).click();
  await expect(page).toHaveURL('/storytime/');
});

test('theme and reading settings survive a reload, applied before first paint', async ({ page }) => {
  await page.goto(chapter(1));
  await page.getByRole('button', { name: /Switch to light theme/i }).click();
  await page.getByLabel('Reading settings').click();
  await page.getByLabel('Font').selectOption('serif');
  await page.getByRole('button', { name: 'Larger text' }).click();
  await page.getByLabel('Text width').selectOption('wide');
  await page.reload();
  const root = await page.evaluate(() => ({
    classes: document.documentElement.className,
    size: document.documentElement.style.getPropertyValue('--reader-font-size'),
    width: document.documentElement.style.getPropertyValue('--reader-width'),
  }));
  expect(root.classes).toContain('light');
  expect(root.classes).toContain('reader-serif');
  expect(root).toMatchObject({ size: '1.25rem', width: '48rem' });
  await expectNoAxeViolations(page);
});

test('the feeds are valid XML and the sitemap lists exactly the published pages', async ({ page, request }) => {
  await page.goto('/storytime/');
  const feedHref = await page.locator('link[rel="alternate"][type="application/atom+xml"]').first().getAttribute('href');
  for (const path of [feedHref!, `${STORY}feed.xml`]) {
    const xml = await (await request.get(path)).text();
    const entries = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return doc.querySelector('parsererror') ? null : [...doc.querySelectorAll('entry > title')].map((title) => title.textContent);
    }, xml);
    expect(entries).toEqual([
      expect.stringContaining('Chapter 3: The Patient Magpie'),
      expect.stringContaining('Chapter 2: Lanterns'),
      expect.stringContaining('Chapter 1: The Derelict'),
    ]);
  }
  const robots = await (await request.get('/robots.txt')).text();
  const sitemapIndex = /Sitemap: (\S+)/.exec(robots)![1]!;
  const index = await (await request.get(new URL(sitemapIndex).pathname)).text();
  const sitemap = await (await request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).sort();
  // The PG gallery pages are published too; the X gallery is not listed (tests/e2e/galleries.spec.ts).
  expect(paths).toEqual(['/', '/storytime/', STORY, chapter(1), chapter(2), chapter(3), '/galleries/', '/galleries/field-studies/'].sort());
});
