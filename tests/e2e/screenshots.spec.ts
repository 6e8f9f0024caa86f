// `npm run screenshots`: every screen in both themes at phone and desktop width, written to
// screenshots/ (not in git) for a person to look at. Skipped in the normal test run.
import { join, resolve } from 'node:path';
import { type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.skip(!process.env['SCREENSHOTS'], 'set SCREENSHOTS=1 (npm run screenshots)');

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const THEMES = ['dark', 'light'] as const;

const PUBLIC_SCREENS = {
  landing: '/',
  stories: '/storytime/',
  story: '/storytime/story/the-lantern-fleet/',
  chapter: '/storytime/story/the-lantern-fleet/chapter/2/',
};
const ADMIN_SCREENS = {
  dashboard: '/admin',
  profile: '/admin/author',
  socials: '/admin/socials',
  password: '/admin/password',
  stories: '/admin/stories/1', // the demo story, selected: its chapters show below the cards
  uploads: '/admin/uploads',
};

/** Dialogs of the Story Manager, opened on the demo story: [name, button that opens it]. */
const STORY_DIALOGS = [
  ['admin-story-form', 'Edit The Lantern Fleet'],
  ['admin-chapter-form', 'Edit chapter 2'],
] as const;

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `screenshots/${name}-${size}.png`, fullPage: true });
  }
}

for (const theme of THEMES) {
  test(`screens in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const [name, path] of Object.entries(PUBLIC_SCREENS)) {
      await page.goto(path);
      await shoot(page, `${name}-${theme}`);
    }
    await page.goto('/admin');
    await shoot(page, `admin-login-${theme}`);
    await signIn(page);
    for (const [name, path] of Object.entries(ADMIN_SCREENS)) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, `admin-${name}-${theme}`);
    }
    for (const [name, button] of STORY_DIALOGS) {
      await page.goto(ADMIN_SCREENS.stories);
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^(Update|Create)/ }).waitFor();
      await shoot(page, `${name}-${theme}`);
    }
  });
}

/**
 * The Gallery Manager, on a gallery of its own (made and deleted here): the list, the form, an
 * upload in progress (slowed down so the bars are caught moving), its results, the image grid
 * and the image form. Upload shots skip `shoot`'s wait for an idle network.
 */
const AI_IMAGES = resolve('../shared/fixtures/ai-images');
const UPLOADED = ['automatic1111_cropped.png', 'enslo-easy-reforge.png', 'enslo-swarmui.jpg', 'img2img_cropped.png', 'empty_file.png'];

async function shootNow(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `screenshots/${name}-${size}.png`, fullPage: true });
  }
}

for (const theme of THEMES) {
  test(`gallery manager in ${theme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page);
    await page.goto('/admin/galleries');
    await page.locator('.gallery-card').first().waitFor();
    await shoot(page, `admin-galleries-${theme}`);

    await page.getByRole('button', { name: 'New Gallery' }).click();
    const form = page.getByRole('dialog', { name: 'New Gallery' });
    await form.getByLabel('Title').fill(`Screens in ${theme}`);
    await form.getByLabel('Description').fill('Concept art for the next arc.');
    await shoot(page, `admin-gallery-form-${theme}`);
    await form.getByRole('button', { name: 'Create Gallery' }).click();
    await page.getByText('No images in this gallery').waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await page.getByLabel('Choose images').setInputFiles(UPLOADED.map((name) => join(AI_IMAGES, name)));
    await page.getByText(/Uploading [1-9]\d*%/).first().waitFor();
    await shootNow(page, `admin-gallery-uploading-${theme}`);
    await page.locator('.gallery-upload .notice').waitFor({ timeout: 90_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await shoot(page, `admin-gallery-upload-results-${theme}`);

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await shoot(page, `admin-gallery-images-${theme}`);
    await page.locator('.image-card').first().getByRole('button', { name: /^Edit/ }).click();
    await shoot(page, `admin-gallery-image-form-${theme}`);
    await page.getByRole('dialog', { name: 'Edit Image' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Delete Screens in ${theme}` }).click();
    await shoot(page, `admin-gallery-delete-${theme}`);
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Gallery deleted successfully!').waitFor();
  });
}

/** The public galleries: the list (PG, then X), the 18+ question, a gallery and its lightbox. */
for (const theme of THEMES) {
  test(`public galleries in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/galleries/');
    await shoot(page, `galleries-${theme}`);
    await page.getByLabel('Rating').selectOption('X');
    await page.getByRole('dialog', { name: 'Are you 18 or older?' }).waitFor();
    await shoot(page, `gallery-age-gate-${theme}`);
    await page.getByRole('button', { name: 'I am 18 or older' }).click();
    await page.getByRole('link', { name: 'After Dark' }).waitFor();
    await shoot(page, `galleries-x-${theme}`);
    await page.goto('/galleries/field-studies/');
    await shoot(page, `gallery-${theme}`);
    await page.getByRole('button', { name: 'Open Winged traveller' }).click();
    await page.getByRole('dialog', { name: 'Winged traveller' }).getByText('Sketchbook Sam').waitFor();
    await shoot(page, `gallery-lightbox-${theme}`);
  });
}

/** The Moderation Manager on the demo comments: the list, the Ban IP dialog, a ban in the list, the unban question. */
for (const theme of THEMES) {
  test(`moderation in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page);
    await page.goto('/admin/moderation');
    await page.locator('.moderation-comment').first().waitFor();
    await shoot(page, `admin-moderation-${theme}`);

    const demoAddress = '203.0.113.7'; // the seeded chapter comments' address, never the test's own
    await page.getByRole('button', { name: `Ban IP ${demoAddress}` }).first().click();
    await shoot(page, `admin-moderation-ban-${theme}`);
    await page.getByRole('dialog', { name: 'Ban IP Address' }).getByRole('button', { name: 'Ban IP' }).click();
    await page.getByText('IP address banned successfully!').waitFor();
    await shoot(page, `admin-moderation-banned-${theme}`);

    await page.getByRole('button', { name: `Unban ${demoAddress}` }).click();
    await shoot(page, `admin-moderation-unban-${theme}`);
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Unban' }).click();
    await page.getByText('IP address unbanned successfully!').waitFor();
  });
}
