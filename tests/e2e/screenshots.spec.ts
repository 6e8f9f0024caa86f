// `npm run screenshots`: every screen in both themes at phone and desktop width, written to
// screenshots/ (not in git) for a person to look at. Skipped in the normal test run.
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
