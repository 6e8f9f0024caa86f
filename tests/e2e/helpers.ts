import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { StaffRole } from '#db/types.ts';
import { E2E_ADMIN, E2E_STAFF } from '#scripts/test/session.ts';

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
