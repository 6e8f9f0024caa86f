// The Subscribers screen (docs/product.md, The Subscribers screen): addresses imported from a CSV
// get their confirmation emails through the loopback mail server, the counts and the list follow
// them, search and removal work, the export holds the rows; the test email arrives; the failures,
// the mail-off text and every state of the list. Roles are in roles.spec.ts.
import { readFile } from 'node:fs/promises';
import { expect, type Page, type Route, test } from '@playwright/test';
import { MAIL_OFF_ADMIN } from '#functions/subscriptions/messages.ts';
import { expectNoAxeViolations, mailTo, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const STORY = { title: `Followed ${RUN}`, slug: `followed-${RUN}` };
const address = (name: string) => `${name}-${RUN}@example.com`;
const ADA = address('ada');
const BOB = address('bob');
const SCREEN = '/admin/subscribers';
let storyId = 0;

const post = (page: Page, path: string, data: object) => page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });

/** The confirmation link's token in the email the site sent to `to`. */
async function confirmToken(to: string): Promise<string> {
  const [mail] = await mailTo(to);
  const token = /\/subscribe\/confirm\/\?token=([^\s"<&]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link in the email to ${to}`);
  return decodeURIComponent(token);
}

const countRow = (page: Page, scope: string) =>
  page.getByRole('region', { name: 'Followers' }).getByRole('row', { name: new RegExp(`^${scope}`) });
const listRows = (page: Page) => page.getByRole('table', { name: 'Subscribers, newest first' }).locator('tbody tr');

test('an author imports addresses, sees them confirm, searches, removes one and exports the list', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page, 'author');
  // A story of this run, with no chapter (so nothing is announced): its counts are this test's alone.
  const created = await post(page, '/api/stories/create', {
    ...STORY,
    status: 'published',
    description: 'A story to follow.',
    blurb: 'Someone follows it.',
  });
  expect(created.status()).toBe(201);
  storyId = (await created.json()).story.id;

  await page.getByRole('link', { name: /Subscribers/ }).click();
  await expect(page.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import subscribers' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'readers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email\n${ADA}\nnot an address\n${BOB}\n`),
  });
  await dialog.getByLabel('They follow').selectOption({ label: STORY.title });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.locator('.import-summary dl')).toHaveText('Added2Already there0');
  await expect(dialog.getByRole('table', { name: 'Lines not imported' }).locator('tbody tr')).toHaveCount(1);
  await expect(dialog.getByRole('table', { name: 'Lines not imported' })).toContainText('not an address');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(countRow(page, STORY.title)).toHaveText(`${STORY.title}02`);

  // Each imported address was sent a link to confirm; Ada clicks hers.
  const confirmed = await post(page, '/api/subscribe/confirm', { token: await confirmToken(ADA) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.reload();
  await expect(countRow(page, STORY.title)).toHaveText(`${STORY.title}11`);

  await page.getByLabel('Search addresses').fill(`bob-${RUN}`);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page)).toContainText([`${BOB}${STORY.title}Waiting`]);
  await page.getByRole('button', { name: `Remove ${BOB}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No subscriber matches.')).toBeVisible();
  await page.getByLabel('Search addresses').fill(RUN);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page)).toContainText([`${ADA}${STORY.title}Confirmed`]);
  await expect(countRow(page, STORY.title)).toHaveText(`${STORY.title}10`);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('subscribers.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('email,story_slug,status,created_at,confirmed_at');
  expect(csv).toContain(`${ADA},${STORY.slug},confirmed,`);
  expect(csv).not.toContain(BOB);
  expect(errors).toEqual([]);
});

test('the test email arrives, and its address is remembered', async ({ page }) => {
  const to = address('me');
  await signIn(page);
  await page.goto(SCREEN);
  const email = page.getByRole('region', { name: 'Email' });
  await expect(email.getByRole('definition').first()).toHaveText('On');
  await expect(email).toContainText('news@author.example');
  await email.getByLabel('Send a test email to').fill(to);
  await email.getByRole('button', { name: 'Send a test email' }).click();
  await expect(email.getByRole('status')).toHaveText(`A test email was sent to ${to}.`);
  expect(await mailTo(to)).toHaveLength(1);
  await page.reload();
  await expect(page.getByLabel('Send a test email to')).toHaveValue(to);
});

const FAILED = {
  id: 7,
  kind: 'release',
  email: 'gone@example.com',
  story_title: 'The Lantern Fleet',
  chapter_number: 3,
  chapter_title: 'Harbour Lights',
  state: 'failed',
  attempts: 1,
  sent_at: null,
  updated_at: '2026-11-27T10:00:00.000Z',
  last_error: '550 5.1.1 <gone@example.com>: Recipient address rejected',
};

const status = (fields: object) => ({
  success: true,
  mail_enabled: true,
  from: 'Ada Quill <news@author.example>',
  rate_per_minute: 120,
  queued: 0,
  failed: 0,
  recent: [],
  ...fields,
});

const answer = (route: Route, json: object, statusCode = 200) => route.fulfill({ status: statusCode, json });

const REFUSED = 'The mail server refused the test email: 550 5.7.1 Relaying denied';

// The browser tests' mail server accepts every address, so a failure cannot be provoked here: the
// outbox's failure is the server's answer below, and the real retry is covered by the API tests of
// functions/mail.
test("a failed email shows the server's answer; Retry sends one, Retry all failed every one; a refused test email says why", async ({
  page,
}) => {
  const retries: unknown[] = [];
  await page.route('**/api/admin/mail/status', (route) => answer(route, status({ failed: 1, recent: [FAILED] })));
  await page.route('**/api/admin/mail/retry', (route) => {
    retries.push(route.request().postDataJSON());
    return answer(route, { success: true, retried: 1, message: 'Queued again: 1 email.' });
  });
  await signIn(page);
  await page.goto(SCREEN);
  const email = page.getByRole('region', { name: 'Email' });
  const failures = email.getByRole('table', { name: 'Failed emails' });
  await expect(failures).toContainText('Chapter 3: Harbour Lights (The Lantern Fleet)');
  await expect(failures).toContainText(FAILED.last_error);
  await failures.getByRole('button', { name: 'Retry the email to gone@example.com' }).click();
  await expect(email.getByRole('status')).toHaveText('Queued again: 1 email.');
  await email.getByRole('button', { name: 'Retry all failed (1)' }).click();
  await expect.poll(() => retries).toEqual([{ id: 7 }, {}]);

  await page.route('**/api/admin/mail/test', (route) => answer(route, { success: false, error: REFUSED }, 502));
  await email.getByLabel('Send a test email to').fill('me@example.com');
  await email.getByRole('button', { name: 'Send a test email' }).click();
  await expect(email.getByRole('alert')).toHaveText(REFUSED);
  await expectNoAxeViolations(page);
});

test('at phone width: email off says how to turn it on and the list still works; an empty list and a failed load say so', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.route('**/api/admin/mail/status', (route) =>
    answer(route, status({ mail_enabled: false, from: null, rate_per_minute: null })),
  );
  await signIn(page);
  await page.goto(SCREEN);
  await expect(page.getByText(MAIL_OFF_ADMIN)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a test email' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Addresses' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.route('**/api/admin/subscribers', (route) =>
    answer(route, { success: true, subscribers: [], total: 0, counts: [], mail_enabled: false }),
  );
  await page.reload();
  await expect(page.getByText('No one follows yet.', { exact: false })).toBeVisible();

  await page.route('**/api/admin/subscribers', (route) => answer(route, { success: false, error: 'Database unavailable' }, 500));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Failed to load subscribers (Database unavailable)');
});

test('clean-up: the story of this run is deleted, and its subscribers with it', async ({ page }) => {
  await signIn(page);
  if (storyId) expect((await post(page, '/api/stories/delete', { id: storyId })).ok()).toBe(true);
});
