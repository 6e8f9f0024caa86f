import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, watchConsoleErrors } from './helpers.ts';

test.describe('landing page', () => {
  test('shows the demo author, the way in and the social icons in order', async ({ page }) => {
    const errors = watchConsoleErrors(page);
    await page.goto('/');
    await expect(page).toHaveTitle('Mara Quillon - Science fiction & fantasy author');
    await expect(page.getByRole('heading', { level: 1, name: 'Mara Quillon' })).toBeVisible();
    await expect(page.getByText('Science fiction & fantasy author', { exact: true })).toBeVisible();
    await expect(page.getByText('Web serials about starships, spellbooks')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Portrait of Mara Quillon' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Stories' })).toHaveAttribute('href', '/storytime/');
    await expect(page.getByRole('link', { name: 'Galleries' })).toHaveAttribute('href', '/galleries/');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/');
    // The landing page's order: website, twitter, instagram, facebook, youtube, discord, patreon (facebook is unset in the demo).
    const platforms = await page.locator('.social-icons a').evaluateAll((links) => links.map((a) => a.getAttribute('data-platform')));
    expect(platforms).toEqual(['website', 'twitter', 'instagram', 'youtube', 'discord', 'patreon']);
    await expect(page.getByRole('link', { name: /Patreon/ })).toHaveAttribute('href', 'https://patreon.com/maraquillon');
    expect(errors).toEqual([]);
  });

  test('sends its page view once it has loaded (as every public page does)', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.sendBeacon = () => false; // beacons carry no body Playwright can read: the page falls back to fetch
    });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/analytics/ingest'));
    await page.goto('/');
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({
      event_type: 'page_view',
      url_path: '/',
      meta: { title: 'Mara Quillon - Science fiction & fantasy author' },
    });
  });

  test('carries search and social metadata', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Science fiction & fantasy author/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^http:\/\/localhost:\d+\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Mara Quillon - Science fiction & fantasy author');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    const person = jsonLd['@graph'].find((node: { '@type': string }) => node['@type'] === 'Person');
    expect(person.name).toBe('Mara Quillon');
    expect(person.sameAs).toContain('https://x.com/maraquillon');
  });

  test('is dark by default with the dark background, and passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('img.backdrop.only-dark')).toBeVisible();
    await expect(page.locator('img.backdrop.only-dark')).toHaveAttribute('src', '/images/lofi_bg.png');
    await expect(page.locator('img.backdrop.only-light')).toBeHidden();
    await expectNoAxeViolations(page);
  });

  test('switches to light, keeps it across reloads, and passes axe in light', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.locator('img.backdrop.only-light')).toBeVisible();
    await expect(page.locator('img.backdrop.only-light')).toHaveAttribute('src', '/images/lofi_light_bg.png');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('applies the saved theme before the first paint (no flash)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    // Record the theme class at the moment <body> first exists, before anything can paint.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body) {
          (window as unknown as { themeAtBody: string }).themeAtBody = document.documentElement.className;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toContain('light');
  });

  test('sends the page policy headers', async ({ request }) => {
    const response = await request.get('/');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });
});

test.describe('unknown paths', () => {
  for (const path of ['/no/such/page', '/storytime-nope', '/../etc/passwd', '/%3Cscript%3E']) {
    test(`${path} lands on /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Mara Quillon' })).toBeVisible();
    });
  }
});
