// Analytics end to end: a visitor with an ordinary desktop Chrome (Playwright's own
// HeadlessChrome is dropped as a bot, so no other test's browsing is counted) opens the demo
// story, reads its three chapters and looks at a gallery; the admin then sees exactly that on the
// dashboard: the cards, Top Stories, the retention of each chapter and the content tables. Then
// the period and every selector, the failures (docs/product.md, Forms and messages), a phone, and axe-core in both themes.
import { expect, type LaunchOptions, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const DASHBOARD = '/admin/analytics';
const STORY = '/storytime/story/the-lantern-fleet/';
const GALLERY = '/galleries/field-studies/';
const SUMMARY_CALL = /\/api\/admin\/analytics\/summary\?/;
const CHAPTERS = ['The Derelict', 'Lanterns', 'The Patient Magpie'];
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** What the visitor opens: the story page, its three chapters, a gallery. */
const PAGES_OPENED = 5;

const card = (page: Page, label: string) =>
  page.locator('.analytics-card', { has: page.locator('dt', { hasText: label }) }).locator('.analytics-card-value');
const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const analyticsAnswer = (page: Page, report: string, query: string) =>
  page.waitForResponse(
    (response) => response.url().includes(`/api/admin/analytics/${report}?`) && response.url().includes(query) && response.ok(),
  );

/** Past the 2 s and 5% the chapter page needs before it sends the depth (its clock starts when its script runs). */
async function readToTheEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(3000);
}

/**
 * The visitor's own browser, launched with a desktop Chrome user agent. A context's `userAgent`
 * is not enough: a beacon sent while a page unloads (the reading depth) leaves from the browser
 * process with the browser's own user agent, HeadlessChrome, which the server drops as a bot.
 */
async function visitAsReader(playwright: PlaywrightWorkerArgs['playwright'], launchOptions: LaunchOptions) {
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--user-agent=${VISITOR_AGENT}`],
  });
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(STORY);
  await page.getByRole('link', { name: 'Start reading' }).click();
  for (const [index, title] of CHAPTERS.entries()) {
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await readToTheEnd(page);
    // Leaving the page (pagehide) sends the chapter's depth.
    if (index < CHAPTERS.length - 1) await page.locator('a[rel="next"]').first().click();
    else await page.goto(GALLERY);
  }
  await expect(page.getByRole('heading', { name: 'Field Studies', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await browser.close();
}

/** The events reach the database through beacons: waits until the last one, the third depth, is counted. */
async function waitForVisitCounted(page: Page) {
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/admin/analytics/content?days=30&type=chapters');
      const { data } = (await answer.json()) as { data: { content: { avg_reading_depth: number | null }[] } };
      return data.content.filter((chapter) => chapter.avg_reading_depth !== null).length;
    })
    .toBe(CHAPTERS.length);
}

test('a visitor reads three chapters and the dashboard counts exactly that', async ({ playwright, launchOptions, page }) => {
  test.setTimeout(60_000);
  await visitAsReader(playwright, launchOptions);
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await waitForVisitCounted(page);

  await page.getByRole('link', { name: /^Analytics/ }).click();
  await expect(page).toHaveURL(DASHBOARD);
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Analytics');
  await expect(page.getByLabel('Period')).toHaveValue('30');

  await expect(card(page, 'Total Views')).toHaveText(String(PAGES_OPENED));
  await expect(card(page, 'Unique Visitors')).toHaveText('1');
  await expect(card(page, 'Story Views')).toHaveText('1');
  await expect(card(page, 'Chapter Views')).toHaveText('3');
  await expect(card(page, 'Gallery Views')).toHaveText('1');
  await expect(card(page, 'Avg Reading Depth')).toHaveText(/^\d{1,3}\.\d%$/);

  const chart = panel(page, 'Daily Views and Visitors').getByRole('img');
  await expect(chart).toHaveAttribute('aria-label', /over 30 UTC days: 5 views and 1 unique visitor in all/);
  await panel(page, 'Daily Views and Visitors').getByText('Daily numbers').click();
  await expect(panel(page, 'Daily Views and Visitors').getByRole('row')).toHaveCount(31); // a heading and 30 days

  const topStory = panel(page, 'Top Stories').getByRole('listitem');
  await expect(topStory).toHaveCount(1);
  await expect(topStory).toContainText('The Lantern Fleet');
  await expect(topStory).toContainText('the-lantern-fleet');
  await expect(topStory).toContainText('4 views'); // the story page and three chapters

  const retention = panel(page, 'Retention');
  await expect(retention.getByLabel('Story')).toHaveValue('the-lantern-fleet');
  const chapters = retention.getByRole('list', { name: 'Readers of each chapter as a share of chapter 1' }).getByRole('listitem');
  await expect(chapters).toHaveCount(3);
  for (const [index, title] of CHAPTERS.entries()) {
    await expect(chapters.nth(index)).toContainText(`Chapter ${index + 1} ${title}`);
    await expect(chapters.nth(index)).toContainText('100.0% · 1 reader');
  }

  const content = panel(page, 'Content Performance');
  await expect(content.getByRole('row', { name: /The Lantern Fleet the-lantern-fleet 4 1 \d+\.\d% 3/ })).toBeVisible();
  const chapterTable = analyticsAnswer(page, 'content', 'type=chapters');
  await content.getByLabel('Content').selectOption('chapters');
  await chapterTable;
  const rows = content.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (const title of CHAPTERS) {
    await expect(
      content.getByRole('row', { name: new RegExp(`^\\d ${title} The Lantern Fleet 1 1 \\d+\\.\\d% \\d+\\.\\d$`) }),
    ).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('the period and every selector load their data', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto(DASHBOARD);
  await expect(card(page, 'Chapter Views')).toHaveText('3');

  for (const [days, shown] of [
    ['7', 7],
    ['365', 365],
  ] as const) {
    const summary = analyticsAnswer(page, 'summary', `days=${days}`);
    await page.getByLabel('Period').selectOption(days);
    await summary;
    await expect(panel(page, 'Daily Views and Visitors').getByRole('img')).toHaveAttribute(
      'aria-label',
      new RegExp(`over ${shown} UTC days: 5 views`),
    );
    await expect(card(page, 'Chapter Views')).toHaveText('3');
  }

  const segments = panel(page, 'Audience Segments');
  for (const [value, label, expected] of [
    ['browser', 'Browser', /Chrome/],
    ['referrer', 'Referrer', /\S/],
    ['hour', 'Hour (UTC)', /^\d\d:00/],
    ['day_of_week', 'Day of week (UTC)', /day/],
    ['content_type', 'Content type', /chapter/],
    ['device', 'Device', /desktop/i], // the first shown: chosen last, so choosing it asks again
  ] as const) {
    const answer = analyticsAnswer(page, 'segment', `segment=${value}`);
    await segments.getByLabel('Segment').selectOption({ label });
    await answer;
    const list = segments.getByRole('list', { name: /^Views by/ });
    await expect(list.getByRole('listitem').first()).toContainText(expected);
    // Content types count the story, chapter and gallery views, most first, ties by name.
    if (value === 'content_type') {
      await expect(list.getByRole('listitem')).toHaveText([
        /^chapter\s*3 views · 1 visitor$/,
        /^gallery\s*1 view · 1 visitor$/,
        /^story\s*1 view · 1 visitor$/,
      ]);
    }
  }

  const content = panel(page, 'Content Performance');
  for (const [value, row] of [
    ['chapters', 'The Patient Magpie'],
    ['galleries', 'Field Studies field-studies 1 1'],
    ['pages', STORY],
    ['stories', 'The Lantern Fleet'], // the first shown: chosen last
  ] as const) {
    const answer = analyticsAnswer(page, 'content', `type=${value}`);
    await content.getByLabel('Content').selectOption(value);
    await answer;
    await expect(content.getByRole('row', { name: new RegExp(row) }).first()).toBeVisible();
  }

  // 'Refresh' asks everything again with the same choices.
  const again = Promise.all([
    analyticsAnswer(page, 'summary', 'days=365'),
    analyticsAnswer(page, 'content', 'type=stories'),
    analyticsAnswer(page, 'segment', 'segment=device'),
  ]);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await again;
  await expect(page.getByLabel('Period')).toHaveValue('365');
});

test("the summary's failures replace the screen; the other parts' failures are ignored", async ({ page }) => {
  await signIn(page);
  await page.route(SUMMARY_CALL, (route) => route.fulfill({ status: 500, json: { success: false, error: 'Something went wrong.' } }));
  await page.goto(DASHBOARD);
  await expect(page.getByRole('alert')).toHaveText('Failed to load summary data');
  await expect(page.locator('.analytics-card')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Top Stories' })).toHaveCount(0);
  await expect(page.getByLabel('Period')).toHaveCount(0); // the whole screen is the message

  await page.unroute(SUMMARY_CALL);
  await page.route(SUMMARY_CALL, (route) => route.abort('failed'));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Failed to load analytics data');
  await expect(page.locator('.analytics-card')).toHaveCount(0);

  // Back to a working summary on reload, while segments, content and retention fail.
  await page.unroute(SUMMARY_CALL);
  await page.route(/\/api\/admin\/analytics\/(segment|content|retention)\?/, (route) =>
    route.fulfill({ status: 500, json: { success: false, error: 'Boom' } }),
  );
  await page.reload();
  await expect(card(page, 'Chapter Views')).toHaveText('3');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(panel(page, 'Audience Segments').getByText('No data for this period.')).toBeVisible();
  await expect(panel(page, 'Content Performance').getByText('No data for this period.')).toBeVisible();
  await expect(panel(page, 'Retention').getByRole('listitem')).toHaveCount(0);
});

test('on a phone the tables scroll inside their box, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page);
  await page.goto(DASHBOARD);
  const content = panel(page, 'Content Performance');
  await content.getByLabel('Content').selectOption('chapters');
  await expect(content.getByRole('table').locator('tbody tr')).toHaveCount(3);
  await panel(page, 'Daily Views and Visitors').getByText('Daily numbers').click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = content.getByRole('region', { name: 'Chapters performance' });
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe-core finds nothing on the dashboard in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page);
    await page.goto(DASHBOARD);
    await expect(card(page, 'Chapter Views')).toHaveText('3');
    await expect(panel(page, 'Retention').getByRole('listitem')).toHaveCount(3);
    await panel(page, 'Daily Views and Visitors').getByText('Daily numbers').click();
    await expectNoAxeViolations(page);
  });
}
