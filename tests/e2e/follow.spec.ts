// Following by email as a reader meets it (docs/product.md, The Follow form and its pages): the
// Follow form with and without JavaScript, the confirm page that changes nothing until its
// button, the unsubscribe page, and the whole way through the loopback mail server that every
// test site sends to: subscribe, confirm from the email's link, one notification per release
// with the one-click unsubscribe headers, unsubscribe from its link, and nothing after that.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { SinkMessage } from '#scripts/test/smtp-sink.ts';
import { expectNoAxeViolations, mailTo, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const TITLE = 'Letters from the Rim';
const STORY = `/storytime/story/letters-from-the-rim/`;
const ACCEPTED =
  'Almost done: we sent a link to confirm to that address, unless it already follows. Nothing more is sent until you click it.';
/** Addresses of this run only: the mail server keeps every message of the run. */
const address = (name: string) => `${name}-${Date.now().toString(36)}@readers.example`;
let storyId = 0;

/** The link of `kind` in an email's text, as a path on the test site. */
function linkIn(message: SinkMessage, kind: 'subscribe/confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https?://[^/\\s]+(/${kind}/\\?token=[^\\s>"\\]]+)`).exec(message.text);
  expect(match, `a /${kind}/ link in:\n${message.text}`).not.toBeNull();
  return match![1]!;
}

async function publishChapter(request: APIRequestContext, chapter_number: number, title: string) {
  const answer = await request.post('/api/chapters/create', {
    data: {
      story_id: storyId,
      title,
      slug: `letter-${chapter_number}`,
      chapter_number,
      content: `${title}: the ice shelf groaned all night, and by morning the relay mast leaned two more degrees toward the sea.\n\nMore follows.`,
      status: 'published',
    },
  });
  expect(answer.status()).toBe(201);
}

/** Subscribes from the Follow form of the page open in `page`, with JavaScript. */
async function follow(page: Page, email: string, choice?: string) {
  const form = page.getByRole('region', { name: 'Follow by email' });
  await form.getByLabel('Email address').fill(email);
  if (choice) await form.getByRole('radio', { name: choice }).check();
  await form.getByRole('button', { name: 'Follow' }).click();
  await expect(form.getByRole('status')).toHaveText(ACCEPTED);
}

/** Deletes the test's story if it exists (a run that failed half-way left it). */
async function deleteStory(request: APIRequestContext) {
  const { stories } = (await (await request.get('/api/stories/list?slug=letters-from-the-rim')).json()) as { stories?: { id: number }[] };
  const left = stories?.[0];
  if (left) expect((await request.post('/api/stories/delete', { data: { id: left.id } })).ok()).toBe(true);
  await expect.poll(async () => (await request.get(STORY, { maxRedirects: 0 })).status(), { timeout: 90_000 }).not.toBe(200);
}

test('the author publishes a story; its page offers to follow it or every story', async ({ page }) => {
  await signIn(page);
  await deleteStory(page.request);
  const answer = await page.request.post('/api/stories/create', {
    data: {
      title: TITLE,
      slug: 'letters-from-the-rim',
      status: 'published',
      description: 'Letters sent home from the edge.',
      cover_image: '/images/demo/lantern-fleet-cover.webp',
    },
  });
  expect(answer.status()).toBe(201);
  storyId = (await answer.json()).story.id;
  await publishChapter(page.request, 1, 'The first letter');
  await expect.poll(async () => (await page.request.get(STORY, { maxRedirects: 0 })).status(), { timeout: 90_000 }).toBe(200);

  await page.goto(STORY);
  const form = page.getByRole('region', { name: 'Follow by email' });
  await expect(form.getByRole('radio', { name: `New chapters of ${TITLE}` })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'New chapters of every story' })).not.toBeChecked();
  await expectNoAxeViolations(page);
  // The story list and the landing page offer every story, with no choice to make.
  for (const path of ['/storytime/', '/']) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'Follow by email' }).getByLabel('Email address')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Follow by email' }).getByRole('radio')).toHaveCount(0);
  }
});

test('a bad address is explained next to the field, and nothing is sent', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const errors = watchConsoleErrors(page);
  await page.goto(STORY);
  const form = page.getByRole('region', { name: 'Follow by email' });
  const field = form.getByLabel('Email address');
  for (const [typed, error] of [
    ['reader@nowhere', 'Enter a valid email address, such as reader@example.com.'],
    ['two words@readers.example', 'Enter a valid email address, such as reader@example.com.'],
  ]) {
    await field.fill(typed!);
    await form.getByRole('button', { name: 'Follow' }).click();
    await expect(field).toHaveAccessibleDescription(error!);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
  }
  await expect(form.getByRole('status')).toHaveText('');
  await expectNoAxeViolations(page);
  // The refusals (400) are the only errors: no script or style was blocked by the pages' policy.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Follow form still posts, and the confirmation email is sent', async ({ page }) => {
    const email = address('nojs');
    await page.goto(STORY);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('radio', { name: 'New chapters of every story' }).check();
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page).toHaveURL(/\/subscribe\/\?sent=1$/);
    await expect(page.getByRole('status')).toHaveText(ACCEPTED);
    const [confirmation] = await mailTo(email);
    // The confirm page cannot read its token without JavaScript, so it says so and confirms nothing.
    // Browsers without scripts show <noscript>; Playwright's switch does not, so the HTML is read.
    const answer = await page.goto(linkIn(confirmation!, 'subscribe/confirm'));
    expect(await answer!.text()).toMatch(/<noscript><p[^>]*>Confirming needs JavaScript: turn it on for this page and reload it\./);
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeHidden();
  });
});

test('the pages refuse a link that is not one of ours, and show a refused form post', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const errors = watchConsoleErrors(page);
  await page.goto('/subscribe/confirm/?token=12.00000000000000000000000000000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'This confirmation link is not valid or has expired. Follow the story again to get a new one.',
  );
  await expectNoAxeViolations(page);
  await page.goto('/subscribe/confirm/');
  await expect(page.getByRole('status')).toHaveText(/not valid or has expired/);
  await page.goto('/unsubscribe/?token=not-one-of-ours');
  await expect(page.getByRole('status')).toHaveText('This unsubscribe link is not valid.');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeHidden();
  await expectNoAxeViolations(page);
  // A link of our shape whose subscription is gone (or never was: the two cannot be told apart).
  await page.goto('/unsubscribe/?token=12.00000000000000000000000000000000');
  await expect(page.getByRole('status')).toHaveText('You no longer follow this: no more emails will be sent for it.');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeHidden();
  // Where the API sends a Follow form it refused (posted without JavaScript): the reason, and the way back.
  await page.goto(`/subscribe/?error=${encodeURIComponent('Story not found.')}&story=the-lantern-fleet`);
  await expect(page.getByRole('status')).toHaveText('Story not found.');
  await expect(page.getByRole('link', { name: 'Back to the story' })).toHaveAttribute('href', '/storytime/story/the-lantern-fleet/');
  await expectNoAxeViolations(page);
  // The refusals (400) are the only errors: no script or style was blocked by the pages' policy.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
});

test('subscribe, confirm, one email per release, unsubscribe, then nothing', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const email = address('reader');
  // A second reader follows every story: the release that follows the unsubscribe reaches them,
  // which shows it went out, and not the first.
  const witness = address('witness');
  const readerPage = await (await browser.newContext()).newPage();
  await readerPage.goto(STORY);
  await follow(readerPage, email);
  await readerPage.goto('/storytime/');
  await follow(readerPage, witness);

  const [confirmation] = await mailTo(email);
  expect(confirmation!.text).toContain(TITLE);
  const confirmLink = linkIn(confirmation!, 'subscribe/confirm');
  // Opening the link (as a mail scanner would) changes nothing: only the button confirms.
  await readerPage.goto(confirmLink);
  const pending = await (await page.request.get(`/api/admin/subscribers?q=${encodeURIComponent(email)}`)).json();
  expect(pending.subscribers.map((row: { status: string }) => row.status)).toEqual(['pending']);
  await expectNoAxeViolations(readerPage);
  await readerPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(readerPage.getByRole('status')).toHaveText(`You are following ${TITLE}. New chapters will arrive by email.`);
  await expect(readerPage.getByRole('link', { name: 'Back to the story' })).toHaveAttribute('href', STORY);
  await readerPage.goto(linkIn((await mailTo(witness))[0]!, 'subscribe/confirm'));
  await readerPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(readerPage.getByRole('status')).toHaveText(/^You are following every story\./);

  // A title beyond ASCII arrives as typed, in the subject (an encoded header) and both parts.
  const second = 'Ünder the ice — the second letter';
  await publishChapter(page.request, 2, second);
  const [, notification] = await mailTo(email, 2);
  expect(notification!.subject).toContain(second);
  expect(notification!.text).toContain(`${second}: the ice shelf groaned all night`);
  expect(notification!.html).toContain(second);
  expect(notification!.headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/);
  expect(notification!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  await showNotification(browser, notification!);

  await readerPage.goto(linkIn(notification!, 'unsubscribe'));
  await expect(readerPage.getByRole('radio', { name: `Stop emails about ${TITLE}` })).toBeChecked();
  await expect(readerPage.getByRole('radio', { name: 'Stop all emails from this site' })).toBeVisible();
  await expectNoAxeViolations(readerPage);
  await readerPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(readerPage.getByRole('status')).not.toHaveText('');
  await expect(readerPage.getByRole('button', { name: 'Unsubscribe' })).toBeHidden();

  await publishChapter(page.request, 3, 'The third letter');
  await expect
    .poll(async () => (await mailTo(witness)).some((message) => message.text.includes('The third letter')), { timeout: 30_000 })
    .toBe(true);
  expect(await mailTo(email)).toHaveLength(2);
  // The witness stops too, in one click as a mail provider does it: no cookie, no Origin.
  const witnessMail = await mailTo(witness);
  const oneClick = /<([^>]+)>/.exec(witnessMail.at(-1)!.headers['list-unsubscribe']!)![1]!;
  const answer = await (await browser.newContext()).request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(answer.status()).toBe(200);
});

/** The notification as a phone's mail app shows it: its HTML at 390 px, for a person to look at. */
async function showNotification(browser: Browser, message: SinkMessage) {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.setContent(message.html, { waitUntil: 'load' });
  await page.screenshot({ path: 'test-results/follow-notification-phone.png', fullPage: true });
  await page.close();
}

// After the tests, passed or failed: the other specs on this site count the stories.
test.afterAll(async ({ browser }) => {
  test.setTimeout(120_000); // a republish under load
  const page = await browser.newPage();
  await signIn(page);
  await deleteStory(page.request);
  await page.close();
});
