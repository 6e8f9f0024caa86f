import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './helpers.ts';

// These tests change the site's content; they put it back as they found it.
test.describe.configure({ mode: 'serial' });

test('editing the profile republishes the landing page', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: /Author Profile/ }).click();
  const tagline = page.getByLabel('Tagline');
  await expect(tagline).toHaveValue(/Web serials about starships/);
  const original = await tagline.inputValue();
  await expectNoAxeViolations(page);

  await tagline.fill('New chapters every Friday <script>alert(1)</script>');
  await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText('New chapters every Friday');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Profile updated successfully!');
  await expect(page.locator('.admin-main').getByRole('status')).toBeHidden({ timeout: 5000 }); // gone after 3 seconds

  // The rebuild runs in the background; the landing page shows the new text once it is published.
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByText('New chapters every Friday <script>alert(1)</script>')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  await page.goto('/admin/author');
  await page.getByLabel('Tagline').fill(original);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Profile updated successfully!');
});

test('an invalid image address is refused with the server message', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/author');
  await page.getByLabel('Profile Image URL (optional)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('The profile image must be a path on this site (starting with /) or an http(s) URL');
});

test('social links: saving shows them under Active Links', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/socials');
  await expect(page.getByLabel('Patreon')).toHaveValue('https://patreon.com/maraquillon');
  await page.getByLabel('GitHub').fill('https://github.com/maraquillon');
  await page.getByRole('button', { name: 'Save Social Links' }).click();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Social media links updated successfully!');
  await expect(page.getByRole('complementary', { name: 'Active Links' })).toContainText('https://github.com/maraquillon');
  await expectNoAxeViolations(page);
  await page.getByLabel('GitHub').fill('');
  await page.getByRole('button', { name: 'Save Social Links' }).click();
  await expect(page.getByRole('complementary', { name: 'Active Links' })).not.toContainText('github.com');
});

test('change password: checks the form, then changes it and back', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/password');
  await page.getByLabel('Current Password').fill('e2e-admin-password');
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('New password must be at least 8 characters long');

  await page.getByLabel('New Password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm New Password').fill('a different passphrase');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('New passwords do not match');

  await page.getByLabel('Confirm New Password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Password changed successfully!');
  await expectNoAxeViolations(page);

  // Put the original password back so the other tests can sign in.
  await page.getByLabel('Current Password').fill('a brand new passphrase');
  await page.getByLabel('New Password', { exact: true }).fill('e2e-admin-password');
  await page.getByLabel('Confirm New Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Password changed successfully!');
});
