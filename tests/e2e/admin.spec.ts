import { expect, test } from '@playwright/test';
import { ADMIN, expectNoAxeViolations, signIn, watchConsoleErrors } from './helpers.ts';

test.describe('admin sign-in', () => {
  test('shows the login form, refuses a wrong password, signs in and out', async ({ page }) => {
    const errors = watchConsoleErrors(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Author CMS Admin' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Welcome, admin (admin)')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Site' })).toHaveAttribute('target', '_blank');

    // The session survives a reload (cookie), then logout ends it.
    await page.reload();
    await expect(page.getByText('Welcome, admin (admin)')).toBeVisible();
    await page.getByText('Logout').click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign out of this device' }).click();
    await expect(page.getByRole('heading', { name: 'Author CMS Admin' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Author CMS Admin' })).toBeVisible();
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });

  test('the dashboard shows section cards and the quick stats of the demo content', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    for (const label of ['Author Profile', 'Social Media', 'Change Password']) {
      await expect(page.getByRole('link', { name: new RegExp(label) })).toBeVisible();
    }
    const stats = page.getByRole('region', { name: 'Quick Stats' });
    await expect(stats.getByText('Galleries').locator('..').locator('dd')).toHaveText('2');
    await expect(stats.getByText('Stories').locator('..').locator('dd')).toHaveText('2');
    await expect(stats.getByText('Comments').locator('..').locator('dd')).toHaveText('5');
    await expect(stats.getByText('Total Likes').locator('..').locator('dd')).toHaveText('4');
    await expectNoAxeViolations(page);
  });

  test('a deep admin link opens after sign-in, with a breadcrumb', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/socials');
    await expect(page.getByRole('heading', { name: 'Social Media', level: 1 })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toContainText('Dashboard');
    await expect(breadcrumb).toContainText('Social Media');
    await page.goto('/admin/not-a-section');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('the quick stats say Error when they cannot load', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/admin/quick-stats', (route) => route.fulfill({ status: 500, body: '{"success":false}' }));
    await page.reload();
    const stats = page.getByRole('region', { name: 'Quick Stats' });
    await expect(stats.getByRole('alert')).toHaveText('Failed to load stats');
    await expect(stats.locator('dd').first()).toHaveText('Error');
  });

  test('a sign-in that cannot reach the server says Network error', async ({ page }) => {
    await page.goto('/admin');
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Network error');
  });
});
