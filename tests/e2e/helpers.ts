import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, type Response } from '@playwright/test';
import type { StaffRole } from '#db/types.ts';
import { E2E_ADMIN, E2E_STAFF } from '#scripts/test/session.ts';
import type { SinkMessage } from '#scripts/test/smtp-sink.ts';

export const ADMIN = E2E_ADMIN;

/** Fails with the list of violations when axe-core finds WCAG 2.x A/AA problems on the page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs in with the test account of `role` (scripts/test/e2e-accounts.ts makes one per role). */
export async function signIn(page: Page, role: StaffRole = 'admin'): Promise<void> {
  const account = E2E_STAFF[role];
  await page.goto('/admin');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Welcome, ${account.username} (${role})`)).toBeVisible();
}

/**
 * Collects console errors (CSP violations among them), which the tests expect to stay empty.
 * The browser's own note about the signed-out session check (a 401 by design) is not one.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until the island holding `locator` has hydrated (Astro drops an island's `ssr` attribute
 * once its component runs): before that a click on its server-rendered buttons does nothing.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
  return locator;
}

/** The text of the full-page chapter editor (docs/product.md, The writing desk). */
export const chapterText = (page: Page): Locator => page.getByRole('textbox', { name: 'Chapter text (Markdown)' });

/** Opens the chapter editor at its address (a chapter by id, or a new one) and waits for its text. */
export async function openChapterEditor(page: Page, storyId: number, chapter: number | 'new'): Promise<void> {
  await page.goto(`/admin/stories/${storyId}/chapters/${chapter}`);
  await expect(chapterText(page)).toBeVisible();
}

/** Replaces the editor's whole text by typing, as the author would. */
export async function typeChapterText(page: Page, text: string): Promise<void> {
  await chapterText(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Clicks the editor's Create/Update Chapter and returns the server's answer to that save. */
export async function saveChapter(page: Page): Promise<Response> {
  const answer = page.waitForResponse(
    (response) => /\/api\/chapters\/(create|update)$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^(Create|Update) Chapter$/ }).click();
  return answer;
}

/** From the chapter editor back to the story's chapters; `leave` answers the question about unsaved text. */
export async function backToChapters(page: Page, storyTitle: string, { leave = false } = {}): Promise<void> {
  // A save's answer reaches the test before the page has taken it in; until then the page still
  // counts the text as unsaved and rightly asks before leaving.
  if (!leave) await expect(page.getByText(/^(All changes saved|Not saved yet)$/)).toBeVisible();
  await page.getByRole('link', { name: `Back to the chapters of ${storyTitle}` }).click();
  if (leave) await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { name: `Chapters of “${storyTitle}”` })).toBeVisible();
}

/**
 * The emails the site sent to `address`, as the loopback mail server received them
 * (scripts/test/smtp-sink.ts); waits until there are at least `count`.
 */
export async function mailTo(address: string, count = 1): Promise<SinkMessage[]> {
  const sink = process.env['E2E_MAIL_SINK'];
  if (!sink) throw new Error('E2E_MAIL_SINK is not set: run the browser tests through playwright.config.ts');
  let messages: SinkMessage[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${sink}/messages?to=${encodeURIComponent(address)}`);
        messages = (await response.json()) as SinkMessage[];
        return messages.length;
      },
      { timeout: 20_000, message: `emails to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return messages;
}

/**
 * Waits until the public site shows the last change (no build scheduled or running) and `path`
 * passes `check`. A spec that deletes what it made calls it last, so the specs after it see no
 * page that still names a deleted file. `request` must belong to a signed-in page.
 */
export async function waitForPublishedPage(request: APIRequestContext, path: string, check: (html: string) => boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        const { state } = await (await request.get('/api/admin/publish-state')).json();
        return !state.publishing && check(await (await request.get(path)).text());
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);
}
