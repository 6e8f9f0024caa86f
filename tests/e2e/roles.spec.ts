// What each staff role is shown (docs/decisions/0034-roles-decide-what-the-admin-shows.md): the
// dashboard's cards, a direct address to another role's section, and the chapter page's Edit
// button; then signing out of one device or of every device.
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { StaffRole } from '#db/types.ts';
import { expectNoAxeViolations, signIn, watchConsoleErrors } from './helpers.ts';

const CHAPTER = '/storytime/story/the-lantern-fleet/chapter/1/';
const NOT_YOURS = 'Your role cannot use this section.';
const CONTENT_CARDS = [
  'Author Profile',
  'Image Galleries',
  'Stories & Chapters',
  'Upload Manager',
  'Moderation',
  'Subscribers',
  'Social Media',
  'Change Password',
];

const cards = (page: Page) => page.locator('.section-cards').getByRole('heading', { level: 2 });

/** Every address in `paths` answers that the role cannot use it, with the section named in the breadcrumb. */
async function expectRefused(page: Page, paths: Record<string, string>) {
  for (const [path, label] of Object.entries(paths)) {
    await page.goto(`/admin${path}`);
    await expect(page.getByRole('alert')).toHaveText(NOT_YOURS);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(label);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0); // no screen opened
  }
}

/** The chapter page once its script heard from the API who is signed in (the Edit button follows in the same task). */
async function openChapter(page: Page) {
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
  await page.goto(CHAPTER);
  await asked;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

test('an admin sees every section and the Edit link', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(cards(page)).toHaveText([...CONTENT_CARDS, 'Analytics', 'Export & Import']);
  await page.goto('/admin/archive');
  await expect(page.getByRole('heading', { name: 'Export & Import', level: 1 })).toBeVisible();
  await openChapter(page);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
});

test('an author sees the content sections and the Edit link, not analytics or export', async ({ page }) => {
  await signIn(page, 'author');
  await expect(cards(page)).toHaveText(CONTENT_CARDS);
  await expectRefused(page, { '/analytics': 'Analytics', '/archive': 'Export & Import' });
  await openChapter(page);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
});

test('a mod sees Moderation and Change Password only, and no Edit link', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page, 'mod');
  await expect(cards(page)).toHaveText(['Moderation', 'Change Password']);
  await expect(page.getByRole('region', { name: 'Quick Stats' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: /Moderation/ }).click();
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  await expectRefused(page, {
    '/author': 'Author Profile',
    '/socials': 'Social Media',
    '/galleries/1': 'Image Galleries',
    '/stories': 'Stories & Chapters',
    '/uploads': 'Upload Manager',
    '/subscribers': 'Subscribers',
    '/analytics': 'Analytics',
  });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await openChapter(page);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeHidden();
  // None of the refused screens made a call the API would refuse.
  expect(errors.filter((error) => /status of 403/.test(error))).toEqual([]);
});

async function signedInPage(browser: Browser, role: StaffRole): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, role);
  return page;
}

async function signOut(page: Page, choice: 'Sign out of this device' | 'Sign out everywhere') {
  await page.getByText('Logout').click();
  await page.getByRole('button', { name: choice }).click();
  await expect(page.getByRole('heading', { name: 'Author CMS Admin' })).toBeVisible();
}

const stillSignedIn = async (page: Page) => {
  await page.reload();
  return page
    .getByRole('heading', { name: 'Dashboard', level: 1 })
    .or(page.getByRole('heading', { name: 'Author CMS Admin' }))
    .textContent();
};

test('signing out of this device keeps the other device signed in; signing out everywhere ends both', async ({ browser }) => {
  const [phone, desktop] = [await signedInPage(browser, 'author'), await signedInPage(browser, 'author')];
  await signOut(phone, 'Sign out of this device');
  expect(await stillSignedIn(phone)).toBe('Author CMS Admin');
  expect(await stillSignedIn(desktop)).toBe('Dashboard');

  await signIn(phone, 'author');
  await signOut(phone, 'Sign out everywhere');
  expect(await stillSignedIn(desktop)).toBe('Author CMS Admin');
  await Promise.all([phone.context().close(), desktop.context().close()]);
});
