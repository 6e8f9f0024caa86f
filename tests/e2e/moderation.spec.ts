// Moderation end to end: a reader (a browser context of their own, no admin cookie)
// comments on the demo chapter and on a gallery image; the author sees both pending with their
// context and link, approves one (it appears for the reader), rejects the other (it stays hidden,
// counted as rejected), bans the reader's address from the comment (the next comment is refused
// with the server's message, the author keeps working from that same address), unbans it
// (commenting works again) and deletes a comment. Then typed bans, load and action failures, and
// the screen on a phone and from the keyboard.
import { type APIRequestContext, type Browser, expect, type Locator, type Page, request, test } from '@playwright/test';
import { ADMIN, expectNoAxeViolations, hydrated, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const MANAGER = '/admin/moderation';
const CHAPTER = '/storytime/story/the-lantern-fleet/chapter/1/';
const GALLERY = '/galleries/field-studies/';
const IMAGE = 'Veil crossing';
const READER = 'Harbour Reader';
/** Unique per run, so a retry or the other suites' comments never match. */
const RUN = Date.now().toString(36);
const CHAPTER_TEXT = `The derelict scene was wonderful (${RUN})`;
const IMAGE_TEXT = `<img src=x onerror=alert(1)> lovely colours (${RUN})`;
const REFUSED_TEXT = `Trying again after the ban (${RUN})`;
const AFTER_UNBAN_TEXT = `Back again after the unban (${RUN})`;
/** Every request of these tests comes from loopback, as the server sees it. */
const LOOPBACK = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;
const SUBMITTED = /successfully/;

const commentCard = (page: Page, text: string) => page.locator('.moderation-comment', { hasText: text });
const bannedCard = (page: Page, ip: string) => page.locator('.banned-ip', { has: page.getByText(ip, { exact: true }) });
const notice = (page: Page) => page.locator('.admin-main > .notice');
const tile = (page: Page, label: string) => page.locator('.moderation-stat', { hasText: label }).locator('dd');
const pill = (page: Page, group: 'Status' | 'Content Type', label: string) =>
  page.getByRole('group', { name: group }).getByRole('radio', { name: label, exact: true });

/** Picks a filter and waits until the list it asked for is shown; `query` is what the call must carry. */
async function filterTo(page: Page, group: 'Status' | 'Content Type', label: string, query: string) {
  const listed = page.waitForResponse((r) => r.url().endsWith(`/api/admin/comments/list${query}`));
  await pill(page, group, label).check();
  await listed;
  await expect(page.locator('.moderation-comments')).toHaveAttribute('aria-busy', 'false');
}

async function tileValue(page: Page, label: string): Promise<number> {
  await expect(tile(page, label)).toHaveText(/^\d+$/);
  return Number(await tile(page, label).textContent());
}

/** A visitor of the public site: a context of their own, without the author's cookie. */
async function newReader(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

async function commentOnChapter(reader: Page, text: string): Promise<Locator> {
  await reader.goto(CHAPTER);
  const comments = reader.getByRole('region', { name: /Comments/ });
  // An island hydrated when seen: it is ready once the chapter's approved comments are listed
  // (typing earlier is lost).
  await comments.scrollIntoViewIfNeeded();
  await expect(comments.getByRole('heading', { name: /^Comments \(\d+\)$/ })).toBeVisible();
  await comments.getByLabel('Name (optional)').fill(READER);
  await comments.getByLabel('Comment').fill(text);
  await comments.getByRole('button', { name: 'Submit Comment' }).click();
  const message = comments.locator('.comment-message');
  await expect(message).toBeVisible();
  return message;
}

async function commentOnImage(reader: Page, text: string): Promise<Locator> {
  await reader.goto(GALLERY);
  await (await hydrated(reader.getByRole('button', { name: `Open ${IMAGE}` }))).click();
  const box = reader.getByRole('dialog', { name: IMAGE });
  await expect(box.getByRole('heading', { name: /^Comments/ })).toBeVisible();
  await box.getByLabel('Name (optional)').fill(READER);
  await box.getByRole('textbox', { name: 'Comment' }).fill(text);
  await box.getByRole('button', { name: 'Submit Comment' }).click();
  const message = box.locator('.comment-message');
  await expect(message).toBeVisible();
  return message;
}

/** The author's API session, to leave no ban behind when a test fails half-way. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  return api;
}

test.afterAll(async () => {
  const api = await adminApi();
  const { banned_ips } = (await (await api.get('/api/admin/banned-ips/list')).json()) as {
    banned_ips: { id: number; ip_address: string }[];
  };
  for (const ban of banned_ips.filter((b) => LOOPBACK.test(b.ip_address) || b.ip_address === '192.0.2.44')) {
    await api.post('/api/admin/unban-ip', { data: { id: ban.id } });
  }
  await api.dispose();
});

test('a reader comments; the author sees both pending with their context, approves one and it appears on the chapter', async ({
  page,
  browser,
}) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await page.goto(MANAGER);
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Moderation');
  const pendingBefore = await tileValue(page, 'Pending Comments');
  const approvedBefore = await tileValue(page, 'Approved Comments');

  const reader = await newReader(browser);
  await expect(await commentOnChapter(reader, CHAPTER_TEXT)).toHaveText(SUBMITTED);
  await expect(await commentOnImage(reader, IMAGE_TEXT)).toHaveText(SUBMITTED);

  await page.reload(); // the tiles count the new comments
  await expect.poll(() => tileValue(page, 'Pending Comments')).toBe(pendingBefore + 2);
  // Pending only: the call names the status and leaves the type out ('all').
  await filterTo(page, 'Status', 'Pending', '?status=pending');
  const chapterCard = commentCard(page, CHAPTER_TEXT);
  const imageCard = commentCard(page, IMAGE_TEXT);
  await expect(chapterCard).toBeVisible();
  await expect(imageCard).toBeVisible();

  for (const card of [chapterCard, imageCard]) {
    await expect(card).toContainText(READER);
    await expect(card.locator('.badge')).toHaveText('Pending');
    await expect(card.locator('.moderation-ip code')).toHaveText(LOOPBACK);
    await expect(card.getByRole('button', { name: /^Ban IP/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Approve/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
  }
  await expect(chapterCard.getByRole('link')).toHaveAttribute('href', new RegExp(`^${CHAPTER}`));
  await expect(chapterCard.getByRole('link')).toHaveAttribute('target', '_blank');
  await expect(chapterCard.locator('.moderation-where')).toContainText('The Lantern Fleet');
  await expect(imageCard.getByRole('link')).toHaveAttribute('href', new RegExp(`^${GALLERY}`));
  await expect(imageCard.locator('.moderation-where')).toContainText('Field Studies');
  await expect(imageCard.locator('.moderation-where')).toContainText(IMAGE);
  // The visitor's words are text: the markup shows as written and nothing runs.
  await expect(imageCard.locator('.moderation-text')).toHaveText(IMAGE_TEXT);
  await expect(imageCard.locator('.moderation-text img')).toHaveCount(0);
  await expect(chapterCard.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expectNoAxeViolations(page);

  // Images only, then all: each filter is sent, or left out when 'all'.
  await filterTo(page, 'Content Type', 'Images', '?status=pending&type=images');
  await expect(chapterCard).toHaveCount(0);
  await expect(imageCard).toBeVisible();
  await expect(page.locator('.moderation-where', { hasText: 'Chapter ·' })).toHaveCount(0);
  await filterTo(page, 'Content Type', 'All', '?status=pending');
  await filterTo(page, 'Status', 'All', '');

  await chapterCard.getByRole('button', { name: /^Approve/ }).click();
  await expect(notice(page)).toHaveText('Comment approved successfully!');
  await expect(chapterCard.locator('.badge')).toHaveText('Approved');
  await expect(chapterCard.getByRole('button', { name: /^Approve/ })).toHaveCount(0); // an approved comment cannot be approved again
  await expect(tile(page, 'Pending Comments')).toHaveText(String(pendingBefore + 1));
  await expect(tile(page, 'Approved Comments')).toHaveText(String(approvedBefore + 1));

  await reader.goto(CHAPTER);
  await expect(reader.getByRole('region', { name: /Comments/ }).getByText(CHAPTER_TEXT)).toBeVisible();
  await reader.context().close();
  expect(errors).toEqual([]);
});

test('reject hides a comment and counts it as rejected, without deleting it', async ({ page, browser }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await page.goto(MANAGER);
  const rejectedBefore = await tileValue(page, 'Rejected Comments');
  const pendingBefore = await tileValue(page, 'Pending Comments');
  const card = commentCard(page, IMAGE_TEXT);
  await card.getByRole('button', { name: /^Reject/ }).click();
  await expect(notice(page)).toHaveText('Comment rejected successfully!');
  await expect(tile(page, 'Rejected Comments')).toHaveText(String(rejectedBefore + 1));
  await expect(tile(page, 'Pending Comments')).toHaveText(String(pendingBefore - 1));
  await expect(card.locator('.badge')).toHaveText('Rejected');
  await expect(card.getByRole('button', { name: /^Reject/ })).toHaveCount(0);

  await filterTo(page, 'Status', 'Rejected', '?status=rejected');
  await expect(card).toBeVisible();
  await expect(page.locator('.moderation-comment .badge').filter({ hasNotText: 'Rejected' })).toHaveCount(0);
  await filterTo(page, 'Status', 'Pending', '?status=pending');
  await expect(card).toHaveCount(0);

  const reader = await newReader(browser);
  await reader.goto(GALLERY);
  await (await hydrated(reader.getByRole('button', { name: `Open ${IMAGE}` }))).click();
  const box = reader.getByRole('dialog', { name: IMAGE });
  await expect(box.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expect(box.getByText(IMAGE_TEXT)).toHaveCount(0);
  await reader.context().close();
  expect(errors).toEqual([]);
});

test("the author bans the reader's address from a comment; the next comment is refused; unban restores it", async ({ page, browser }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await page.goto(MANAGER);
  const bannedBefore = await tileValue(page, 'Banned IPs');
  const card = commentCard(page, CHAPTER_TEXT);
  const ip = (await card.locator('.moderation-ip code').textContent())!;
  expect(ip).toMatch(LOOPBACK);

  await card.getByRole('button', { name: `Ban IP ${ip}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban IP Address' });
  await expect(dialog.getByLabel('IP Address')).toHaveValue(ip);
  await expect(dialog.getByLabel('Reason')).toHaveValue('Spam/inappropriate content');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Ban IP' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toHaveText('IP address banned successfully!');
  await expect(tile(page, 'Banned IPs')).toHaveText(String(bannedBefore + 1));
  const ban = bannedCard(page, ip);
  await expect(ban.locator('dd').first()).toHaveText(ADMIN.username);
  await expect(ban).toContainText('Spam/inappropriate content');
  await expect(ban.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(card.getByText('Banned', { exact: true })).toBeVisible(); // no second 'Ban IP' for the same address
  await expect(card.getByRole('button', { name: /^Ban IP/ })).toHaveCount(0);
  await expectNoAxeViolations(page); // the banned list

  // The reader, on that address: refused with the server's message, on chapters and images.
  const reader = await newReader(browser);
  const refusal = reader.waitForResponse((r) => r.url().includes('/api/chapters/comments/create'));
  const chapterMessage = await commentOnChapter(reader, REFUSED_TEXT);
  const refused = await refusal;
  expect(refused.status()).toBe(403);
  const { error } = (await refused.json()) as { error: string };
  expect(error).toBeTruthy();
  await expect(chapterMessage).toHaveText(error);
  await expect(chapterMessage).toHaveAttribute('role', 'alert');
  await expect(await commentOnImage(reader, REFUSED_TEXT)).toHaveText(`Failed to submit comment (403): ${error}`);

  // The author works on from the same address: everything reloads, nothing was stored.
  await page.reload();
  await expect(bannedCard(page, ip)).toBeVisible();
  await expect(commentCard(page, REFUSED_TEXT)).toHaveCount(0);

  // Unban asks first; 'Cancel' keeps the ban.
  await bannedCard(page, ip)
    .getByRole('button', { name: `Unban ${ip}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Are you sure you want to unban this IP address?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(bannedCard(page, ip)).toBeVisible();
  await bannedCard(page, ip)
    .getByRole('button', { name: `Unban ${ip}` })
    .click();
  await confirm.getByRole('button', { name: 'Unban' }).click();
  await expect(notice(page)).toHaveText('IP address unbanned successfully!');
  await expect(bannedCard(page, ip)).toHaveCount(0);
  await expect(tile(page, 'Banned IPs')).toHaveText(String(bannedBefore));
  await expect(card.getByRole('button', { name: `Ban IP ${ip}` })).toBeVisible();

  await expect(await commentOnChapter(reader, AFTER_UNBAN_TEXT)).toHaveText(SUBMITTED);
  await page.reload();
  await expect(commentCard(page, AFTER_UNBAN_TEXT).locator('.badge')).toHaveText('Pending');
  await reader.context().close();
  // The reader's refused comments are the provoked errors; the author's page logged none.
  expect(errors).toEqual([]);
});

test('delete asks first and removes the comment', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await page.goto(MANAGER);
  const card = commentCard(page, AFTER_UNBAN_TEXT);
  const pendingBefore = await tileValue(page, 'Pending Comments');
  await card.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Delete the comment by ${READER}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toHaveText('Comment deleted successfully!');
  await expect(card).toHaveCount(0);
  await expect(tile(page, 'Pending Comments')).toHaveText(String(pendingBefore - 1));
  await page.reload();
  await expect(commentCard(page, CHAPTER_TEXT)).toBeVisible();
  await expect(commentCard(page, AFTER_UNBAN_TEXT)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a typed ban: the address is required, a bad one is refused in the server’s words, twice is refused', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  await page.goto(MANAGER);
  await page.locator('.page-header').getByRole('button', { name: 'Ban IP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban IP Address' });
  await expect(dialog.getByLabel('IP Address')).toHaveValue('');
  await expect(dialog.getByLabel('IP Address')).toBeFocused();
  await expect(dialog.getByLabel('Reason')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Ban IP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('IP address is required');

  const refusal = page.waitForResponse((r) => r.url().endsWith('/api/admin/ban-ip'));
  await dialog.getByLabel('IP Address').fill('999.1.2.3');
  await dialog.getByRole('button', { name: 'Ban IP' }).click();
  const answer = await refusal;
  expect(answer.status()).toBe(400);
  const serverText = (await answer.text()).trim();
  await expect(dialog.getByRole('alert')).toHaveText(`Failed to ban IP (${serverText})`);
  await expect(dialog.getByRole('alert')).toContainText('999.1.2.3');

  await dialog.getByLabel('IP Address').fill(' 192.0.2.44 ');
  await dialog.getByRole('button', { name: 'Ban IP' }).click();
  await expect(notice(page)).toHaveText('IP address banned successfully!');
  const ban = bannedCard(page, '192.0.2.44');
  await expect(ban).toContainText('None given');

  await page.locator('.page-header').getByRole('button', { name: 'Ban IP' }).click();
  await dialog.getByLabel('IP Address').fill('192.0.2.44');
  await dialog.getByRole('button', { name: 'Ban IP' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Failed to ban IP (');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Discard' }).click(); // typed text: asks first
  await expect(dialog).toBeHidden();

  await ban.getByRole('button', { name: 'Unban 192.0.2.44' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Unban' }).click();
  await expect(notice(page)).toHaveText('IP address unbanned successfully!');
  await expect(ban).toHaveCount(0);
  // The refusals (400, then a second ban of one address) are the provoked console errors.
  expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
});

test("load and action failures say what failed, with the server's words", async ({ page }) => {
  await signIn(page);
  await page.route('**/api/admin/banned-ips/list', (route) =>
    route.fulfill({ status: 500, json: { success: false, error: 'Database unavailable' } }),
  );
  await page.goto(MANAGER);
  await expect(page.getByRole('alert')).toHaveText('Failed to load banned IPs (Database unavailable)');
  await expect(commentCard(page, CHAPTER_TEXT)).toBeVisible(); // the rest still works
  await expect(tile(page, 'Pending Comments')).toHaveText(/^\d+$/);

  await page.route('**/api/admin/comments/list*', (route) => route.fulfill({ status: 500, body: '' }));
  await page.route('**/api/admin/mod-stats', (route) => route.abort());
  await page.reload();
  // A dropped connection is asked again twice before it counts as failed: the other failures show first.
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load data' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(tile(page, 'Banned IPs')).toHaveText('Error');

  await page.unroute('**/api/admin/banned-ips/list');
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText([
    'Failed to load stats (Network error occurred)',
    'Failed to load comments (Request failed (500))',
  ]);
  await expect(tile(page, 'Banned IPs')).toHaveText('Error');

  // Moderating answers errors as plain text: the author reads the server's words.
  await page.unroute('**/api/admin/comments/list*');
  await page.unroute('**/api/admin/mod-stats');
  await page.route('**/api/admin/comments/moderate', (route) =>
    route.fulfill({ status: 409, contentType: 'text/plain', body: 'Comment is already approved' }),
  );
  await page.reload();
  await filterTo(page, 'Status', 'Pending', '?status=pending');
  await page
    .locator('.moderation-comment')
    .first()
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect(notice(page)).toHaveText('Failed to approve comment (Comment is already approved)');
  await page.route('**/api/admin/unban-ip', (route) => route.abort());
  await page.route('**/api/admin/ban-ip', (route) => route.fulfill({ status: 200, json: { success: true } }));
  await page.route('**/api/admin/banned-ips/list', (route) =>
    route.fulfill({
      json: {
        success: true,
        banned_ips: [
          { id: 99, ip_address: '198.51.100.9', reason: '', banned_by: 42, banned_by_username: null, banned_at: '2026-11-22T10:00:00Z' },
        ],
      },
    }),
  );
  await page.reload();
  const ban = bannedCard(page, '198.51.100.9');
  await expect(ban).toContainText('User 42'); // the account is gone: its id
  await ban.getByRole('button', { name: 'Unban 198.51.100.9' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Unban' }).click();
  await expect(notice(page)).toHaveText('Failed to unban IP (Network error occurred)');
});

test('on a phone the cards stack, every button is reachable, and the keyboard works the filters', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(MANAGER);
  const card = commentCard(page, CHAPTER_TEXT);
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const button of await page.locator('.moderation-comment .button, .page-header .button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(40);
  }

  // The banned list comes after every comment: the tile leads there.
  await page.getByRole('link', { name: 'Banned IPs' }).click();
  await expect(page.getByRole('heading', { name: 'Banned IP Addresses' })).toBeInViewport();
  await expect(page).toHaveURL(/\/admin\/moderation#moderation-bans$/);

  // Filters from the keyboard: arrows move within a group, each choice loads the list.
  await pill(page, 'Status', 'All').focus();
  const pending = page.waitForRequest((r) => r.url().endsWith('/api/admin/comments/list?status=pending'));
  await page.keyboard.press('ArrowRight');
  await pending;
  await expect(pill(page, 'Status', 'Pending')).toBeChecked();
  await expect(pill(page, 'Status', 'Pending')).toBeFocused();
  await expect(card).toHaveCount(0); // approved: not pending
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});
