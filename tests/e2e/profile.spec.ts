import { expect, test } from '@playwright/test';
import { E2E_STAFF } from '#scripts/test/session.ts';
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

test('social links: a refused link is named at its field, and what was typed stays', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/socials');
  const website = page.getByLabel('Website');
  await website.fill('ftp://files.example.org');
  await page.getByLabel('GitHub').fill('https://github.com/maraquillon');
  await page.getByRole('button', { name: 'Save Social Links' }).click();
  const message = 'The website link must start with http:// or https://';
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(website).toHaveAccessibleDescription(message);
  await expect(website).toHaveAccessibleName('Website'); // the message describes the field, it does not rename it
  await expect(page.getByLabel('GitHub')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('GitHub')).toHaveValue('https://github.com/maraquillon');
  await expectNoAxeViolations(page);
  await website.fill('');
  await page.getByLabel('GitHub').fill('');
  await page.getByRole('button', { name: 'Save Social Links' }).click();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Social media links updated successfully!');
  await expect(website).not.toHaveAttribute('aria-invalid');
});

test('social links saved after signing out everywhere are saved once the author signs in again', async ({ page, browser }) => {
  await signIn(page, 'author');
  await page.goto('/admin/socials');
  await page.getByLabel('GitHub').fill('https://github.com/maraquillon');
  // Another device signs the account out everywhere: this browser's session ends too.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, 'author');
  await other.getByText('Logout').click();
  await other.getByRole('button', { name: 'Sign out everywhere' }).click();
  await other.context().close();

  await page.getByRole('button', { name: 'Save Social Links' }).click();
  const signInAgain = page.getByRole('dialog', { name: 'Sign in again' });
  await signInAgain.getByLabel('Username').fill(E2E_STAFF.author.username);
  await signInAgain.getByLabel('Password').fill(E2E_STAFF.author.password);
  await signInAgain.getByRole('button', { name: 'Sign in' }).click();
  await expect(signInAgain).toBeHidden();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Social media links updated successfully!');
  await expect(page.getByRole('complementary', { name: 'Active Links' })).toContainText('https://github.com/maraquillon');

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
  await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription('New passwords do not match');

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
