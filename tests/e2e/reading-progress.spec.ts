// Progress through a story and the chapter list (docs/product.md, Progress and the chapter list): a
// reader reads chapters 1 and 2 of the demo story's three, the Next Chapter click is counted, the
// list and the story page say '2 of 3 chapters read' with the marks, a chapter out since the last
// visit is new, and 'Go to chapter' opens the chapter with and without scripts.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, watchConsoleErrors } from './helpers.ts';

const STORY = '/storytime/story/the-lantern-fleet/';
const chapter = (n: number) => `${STORY}chapter/${n}/`;
const item = (page: Page, n: number) => page.locator(`[data-chapter-number="${n}"]`);

/** Scrolls chapter `n` to its end once it has loaded (a click's navigation may not have started yet). */
async function readToTheEnd(page: Page, n: number) {
  await expect(page).toHaveURL(chapter(n));
  await page.waitForLoadState('load');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(150); // progress is saved on the next animation frame
}

const reader = async (browser: Browser, options: { javaScriptEnabled?: boolean } = {}) => (await browser.newContext(options)).newPage();

test('chapters read, the marks, a new chapter and the counted Next Chapter click', async ({ browser }) => {
  const page = await reader(browser);
  const errors = watchConsoleErrors(page);
  await page.goto(STORY);
  // A first visit: no progress, nothing new.
  await expect(page.getByText(/chapters read$/)).toBeHidden();
  await expect(page.locator('.new-badge')).toHaveCount(0);
  await expect(item(page, 1)).toContainText(/\w{3} \d{1,2}, \d{4} · \d[\d,]* words/);

  await page.getByRole('link', { name: 'Start reading' }).click();
  await readToTheEnd(page, 1);
  // Beacons show no body to a request listener; a route sees it, and the server's answer.
  const clicks: { event: unknown; status: number }[] = [];
  await page.context().route('**/api/analytics/ingest', async (route) => {
    const response = await route.fetch();
    const event = JSON.parse(route.request().postData() ?? '{}');
    if (event.event_type === 'click') clicks.push({ event, status: response.status() });
    await route.fulfill({ response });
  });
  await page.getByRole('link', { name: 'Next Chapter →' }).click();
  await expect
    .poll(() => clicks)
    .toEqual([
      {
        event: expect.objectContaining({ event_type: 'click', url_path: chapter(1), meta: { name: 'next_chapter' } }),
        status: 204,
      },
    ]);
  await readToTheEnd(page, 2);

  // The last visit to the story page, a year ago: all three chapters came out since.
  await page.evaluate(() => localStorage.setItem('visited:the-lantern-fleet', String(Date.now() - 365 * 24 * 3600 * 1000)));
  await page.goto('/storytime/');
  await expect(page.getByText('2 of 3 chapters read')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue — Chapter 2' })).toBeVisible();
  await page.goto(STORY);
  await expect(page.getByText('2 of 3 chapters read')).toBeVisible();
  for (const n of [1, 2]) {
    await expect(item(page, n).getByText('(read)')).toBeAttached();
    await expect(item(page, n).locator('.new-badge')).toHaveCount(0);
  }
  await expect(item(page, 3).getByText('(read)')).toHaveCount(0);
  await expect(item(page, 3).getByText('New', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // This visit is the next one's mark: nothing is new on the way back.
  await page.reload();
  await expect(page.locator('.new-badge')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Go to chapter, first and latest chapter, with scripts and without', async ({ browser }) => {
  const page = await reader(browser);
  await page.goto(STORY);
  await expect(page.getByRole('link', { name: 'Latest: Chapter 3' })).toHaveAttribute('href', chapter(3));
  await expect(page.getByRole('link', { name: 'First chapter' })).toHaveAttribute('href', chapter(1));
  await page.getByRole('spinbutton', { name: 'Go to chapter' }).fill('3');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(chapter(3));

  const noScripts = await reader(browser, { javaScriptEnabled: false });
  await noScripts.goto(STORY);
  await noScripts.getByRole('spinbutton', { name: 'Go to chapter' }).fill('2');
  await noScripts.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(noScripts).toHaveURL(chapter(2));
  await expect(noScripts.getByRole('heading', { level: 1 })).toHaveText('Lanterns');
});
