// Nothing typed in the admin is thrown away without asking (docs/product.md, "Importing and
// pasting"): a dialog with typed text asks before Escape, × or Cancel closes it.
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

async function newStoryForm(page: Page) {
  await page.goto('/admin/stories');
  await page.getByRole('button', { name: 'New Story' }).click();
  const form = page.getByRole('dialog', { name: 'New Story' });
  await expect(form).toBeVisible();
  return form;
}

const question = (page: Page) => page.getByRole('dialog', { name: 'Please confirm' });

test('a story form with typed text asks before Escape or × close it; a clean one closes at once', async ({ page }) => {
  await signIn(page);
  const form = await newStoryForm(page);
  // Untouched: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  const typed = await newStoryForm(page);
  await typed.getByLabel('Description').fill('Three pages I do not want to lose.');
  await page.keyboard.press('Escape');
  await expect(question(page)).toContainText('Discard your changes?');
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(question(page)).toBeHidden();
  await expect(typed.getByLabel('Description')).toHaveValue('Three pages I do not want to lose.');

  await typed.getByRole('button', { name: 'Close' }).click();
  await expect(question(page)).toBeVisible();
  await page.keyboard.press('Escape'); // Escape answers the question, "Keep editing"
  await expect(question(page)).toBeHidden();
  await expect(typed).toBeVisible();
  await expect(typed.getByLabel('Description')).toHaveValue('Three pages I do not want to lose.');

  await typed.getByRole('button', { name: 'Cancel' }).click();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(typed).toBeHidden();
});
