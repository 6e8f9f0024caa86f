// The author's daily work in the Story Manager: a story with genres, a cover and a page
// break; chapters by the editor and by bulk upload (with one bad file); editing and deleting;
// and the publish state following each save.
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, backToChapters, chapterText, expectNoAxeViolations, saveChapter, signIn, typeChapterText } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const COVER = path.resolve('public/images/demo/lantern-fleet-cover.webp');
const PAGE_BREAK = path.resolve('public/images/page-break.png');

function markdown(name: string, text: string) {
  return { name, mimeType: 'text/markdown', buffer: Buffer.from(text, 'utf8') };
}

async function openStory(page: Page, title: string) {
  await page.goto('/admin/stories');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: `Chapters of “${title}”` })).toBeVisible();
}

test('create a story with genres, a cover and a chosen page break', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: /Stories & Chapters/ }).click();
  await expect(page.getByRole('heading', { name: 'Stories & Chapters', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'The Lantern Fleet' })).toBeVisible();

  await page.getByRole('button', { name: 'New Story' }).click();
  const form = page.getByRole('dialog', { name: 'New Story' });
  await form.getByLabel('Title').fill('The Clockwork Tide!');
  await expect(form.getByLabel('Slug')).toHaveValue('the-clockwork-tide');
  // A hint describes its field but is not part of its name.
  await expect(form.getByLabel('Slug')).toHaveAccessibleName('Slug');
  await expect(form.getByLabel('Slug')).toHaveAccessibleDescription("The story's address: /storytime/story/{slug}");
  await form.getByLabel('Description').fill('A harbour city runs on tides and secrets.');
  await form.getByLabel('Blurb (Markdown)').fill('The sea keeps *time* here.');
  await form.getByRole('checkbox', { name: 'Alternate History' }).check();
  await form.getByRole('checkbox', { name: 'Adventure' }).check();
  await form.getByLabel('Upload cover image').setInputFiles(COVER);
  await expect(form.getByText('Cover image uploaded successfully!')).toBeVisible();
  await expect(form.locator('.image-field-preview').first()).toHaveAttribute('src', /^\/api\/uploads\/covers\/.+\.webp$/);
  await form.getByLabel('Upload page break image').setInputFiles(PAGE_BREAK);
  await expect(form.getByText('Page break image uploaded successfully!')).toBeVisible();
  await form.getByLabel('Status').selectOption('published');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create Story' }).click();

  await expect(page.getByText('Story created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/stories\/\d+$/);
  const card = page.locator('.story-card', { hasText: 'The Clockwork Tide!' });
  await expect(card).toContainText('the-clockwork-tide');
  await expect(card).toContainText('published');
  await expect(card).toContainText('0 chapters');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/uploads\/covers\//);

  // Choose the uploaded page break from the existing ones.
  await card.getByRole('button', { name: 'Edit The Clockwork Tide!' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “The Clockwork Tide!”' });
  await expect(edit.getByLabel('Slug')).toHaveValue('the-clockwork-tide');
  await edit.getByLabel('Title').fill('The Clockwork Tide');
  await expect(edit.getByLabel('Slug')).toHaveValue('the-clockwork-tide'); // never changes by itself when editing
  await expect(edit.getByRole('checkbox', { name: 'Adventure' })).toBeChecked();
  await edit.getByRole('button', { name: 'Use the default' }).nth(1).click();
  await edit.getByRole('button', { name: 'Choose Page Break Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Page Break Image' });
  await expect(picker.locator('.picker-item')).not.toHaveCount(0);
  await expectNoAxeViolations(page);
  await picker.locator('.picker-item').first().click();
  await expect(edit.getByText('Page break image selected!')).toBeVisible();
  await edit.getByRole('button', { name: 'Update Story' }).click();
  await expect(page.getByText('Story updated successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'The Clockwork Tide', exact: true })).toBeVisible();
});

test('a refused save keeps what was typed', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/stories');
  await page.getByRole('button', { name: 'New Story' }).click();
  const form = page.getByRole('dialog', { name: 'New Story' });
  await form.getByLabel('Title').fill('The Lantern Fleet');
  await form.getByLabel('Description').fill('Typed with care.');
  await form.getByRole('button', { name: 'Create Story' }).click();
  await expect(form.getByRole('alert')).toHaveText('A story with the slug "the-lantern-fleet" already exists.');
  await expect(form.getByLabel('Description')).toHaveValue('Typed with care.');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Discard' }).click(); // typed text: asks first
  await expect(form).toBeHidden();
});

test('chapters by the editor and by bulk upload, edited and deleted, with the publish state', async ({ page }) => {
  test.setTimeout(90_000); // a whole working session in one test
  await signIn(page);
  await openStory(page, 'The Clockwork Tide');
  await expect(page.getByText('No chapters yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Add Chapter' }).click();
  await expect(page.getByRole('heading', { name: 'New chapter', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Chapter number')).toHaveValue('1');
  await expect(page.getByLabel('Status')).toHaveValue('draft');
  await page.getByLabel('Title').fill('Low Water');
  await expect(page.getByLabel('Slug')).toHaveValue('low-water');
  await page
    .getByLabel('Open a .md file')
    .setInputFiles(markdown('low-water.md', 'The harbour *emptied* at noon.\n\n---\n\nNobody spoke of it.'));
  await expect(chapterText(page)).toContainText('The harbour *emptied* at noon.');
  await expect(page.getByLabel('Title')).toHaveValue('Low Water'); // a typed title is kept
  await page.getByLabel('Status').selectOption('published');
  expect((await saveChapter(page)).status()).toBe(201);
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The save queued a rebuild: the top bar says so, then shows the new publish time.
  const publish = page.locator('.publish-status');
  await expect(publish).toHaveText('Publishing…');
  await expect(publish).toHaveText(/^Published \d/, { timeout: 30_000 });

  await backToChapters(page, 'The Clockwork Tide');
  const rows = page.locator('.chapter-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Low Water');
  await expect(rows.first()).toContainText('low-water');
  await expect(rows.first()).toContainText('The harbour *emptied* at noon.');
  // Bulk upload: two good files and one that is not UTF-8.
  await page
    .getByLabel('Bulk Upload')
    .setInputFiles([
      markdown('002-the-gate.md', '# The Gate\n\nThe gate opened on the hour.'),
      markdown('Chapter 3 - Salt Clocks.md', 'Every clock in the city ran on brine.'),
      { name: 'bad.md', mimeType: 'text/markdown', buffer: Buffer.from([0xff, 0xfe, 0x41, 0x00, 0xc3]) },
    ]);
  const results = page.getByRole('region', { name: 'Bulk upload results' });
  await expect(results.getByRole('status')).toHaveText('Successfully uploaded 2 chapters!');
  await expect(results).toContainText('002-the-gate.md → Chapter 2: The Gate');
  await expect(results).toContainText('Chapter 3 - Salt Clocks.md → Chapter 3: Salt Clocks');
  await expect(results.getByRole('alert')).toContainText('Some files had errors');
  await expect(results.getByRole('alert')).toContainText('bad.md: the file is not UTF-8 text');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('draft');
  await expectNoAxeViolations(page);
  await results.getByRole('button', { name: 'Dismiss' }).click();
  await expect(results).toBeHidden();

  // Add Chapter suggests the next number; a taken number is refused and the text is kept.
  await page.getByRole('link', { name: 'Add Chapter' }).click();
  await expect(page.getByLabel('Chapter number')).toHaveValue('4');
  await page.getByLabel('Chapter number').fill('2');
  await page.getByLabel('Title').fill('Duplicate');
  await typeChapterText(page, 'Words I do not want to lose.');
  expect((await saveChapter(page)).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Chapter 2 is already used in this story.');
  await expect(chapterText(page)).toHaveText('Words I do not want to lose.');
  await backToChapters(page, 'The Clockwork Tide', { leave: true });

  // Edit chapter 2: the full text loads, the change is saved.
  await page.getByRole('link', { name: 'Edit chapter 2' }).click();
  await expect(chapterText(page)).toHaveText('The gate opened on the hour.');
  await page.getByLabel('Title').fill('The Tide Gate');
  await expect(page.getByLabel('Slug')).toHaveValue('the-gate');
  expect((await saveChapter(page)).status()).toBe(200);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await backToChapters(page, 'The Clockwork Tide');
  await expect(rows.nth(1)).toContainText('The Tide Gate');
  // Delete chapter 3: Cancel keeps it, Delete removes it.
  await page.getByRole('button', { name: 'Delete chapter 3' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete chapter 3' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Chapter deleted successfully!')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.locator('.story-card', { hasText: 'The Clockwork Tide' })).toContainText('2 chapters');
});

test("switching stories quickly shows the chosen story's chapters, never an earlier answer", async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/stories');
  const lantern = page.getByRole('link', { name: 'The Lantern Fleet' });
  const lanternId = (await lantern.getAttribute('href'))!.split('/').pop();
  // The first story's chapters answer late, after the second story's.
  await page.route(`**/api/chapters/list?story_id=${lanternId}&*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => {}); // the page may have moved on
  });
  const lateAnswer = page.waitForResponse((response) => response.url().includes(`story_id=${lanternId}&`));
  await lantern.click();
  await page.getByRole('link', { name: 'Salt and Starlight' }).click();
  await expect(page.getByRole('heading', { name: 'Chapters of “Salt and Starlight”' })).toBeVisible();
  await expect(page.getByText('No chapters yet.')).toBeVisible();
  await lateAnswer;
  await page.waitForTimeout(500); // time for a late answer to be drawn, were it drawn
  await expect(page.getByText('No chapters yet.')).toBeVisible();
  await expect(page.locator('.chapter-row')).toHaveCount(0);
});

test("the chapter editor waits for the author's time zone, so nothing typed is reset when it arrives", async ({ page }) => {
  await signIn(page);
  // The profile, which holds the zone, answers only when the test lets it.
  let answerProfile = () => {};
  const profileHeld = new Promise<void>((resolve) => {
    answerProfile = resolve;
  });
  await page.route('**/api/author/get', async (route) => {
    await profileHeld;
    await route.continue().catch(() => {}); // the page may have moved on
  });
  await openStory(page, 'The Lantern Fleet');
  await page.getByRole('link', { name: 'Add Chapter' }).click();
  await expect(page.getByText('Loading chapter…')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  answerProfile();
  await page.getByLabel('Title').fill('Typed at once');
  await typeChapterText(page, 'Still here.');
  await expect(page.getByLabel('Title')).toHaveValue('Typed at once');
  await expect(chapterText(page)).toHaveText('Still here.');
  await backToChapters(page, 'The Lantern Fleet', { leave: true });
});

test('a refused chapter save shows the problem at its field', async ({ page }) => {
  await signIn(page);
  await openStory(page, 'The Clockwork Tide');
  await page.getByRole('link', { name: 'Edit chapter 2' }).click();
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue('The Tide Gate');
  await expect(title).not.toHaveAttribute('aria-invalid');
  await title.fill('   '); // passes the browser's "required", not the server's check
  expect((await saveChapter(page)).status()).toBe(400);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription(/title/i);
  await expect(title).toHaveAccessibleName('Title');
  await expect(chapterText(page)).toHaveText('The gate opened on the hour.');
  await expect(page.getByLabel('Slug')).not.toHaveAttribute('aria-invalid');
  await expectNoAxeViolations(page);
  // Put right, it saves (which also drops the autosaved blank title the next test would open).
  await title.fill('The Tide Gate');
  expect((await saveChapter(page)).status()).toBe(200);
  await expect(title).not.toHaveAttribute('aria-invalid');
});

test('a chapter saved after the session expired is saved once the author signs in again', async ({ page }) => {
  await signIn(page);
  await openStory(page, 'The Clockwork Tide');
  await page.getByRole('link', { name: 'Edit chapter 2' }).click();
  await expect(chapterText(page)).toHaveText('The gate opened on the hour.');
  await typeChapterText(page, 'The gate opened on the hour, and nobody came through.');
  // The autosave has the text before the session goes, so only the save meets the expiry.
  await expect(page.locator('.autosave-status [role="status"]')).toHaveText(/^Saved \d/);
  await page.context().clearCookies(); // the session is gone, as after its expiry
  expect((await saveChapter(page)).status()).toBe(401);

  const signInAgain = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(signInAgain).toBeVisible();
  await expect(chapterText(page)).toHaveText('The gate opened on the hour, and nobody came through.');
  await signInAgain.getByLabel('Username').fill(ADMIN.username);
  await signInAgain.getByLabel('Password').fill(ADMIN.password);
  await signInAgain.getByRole('button', { name: 'Sign in' }).click();

  await expect(signInAgain).toBeHidden();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await backToChapters(page, 'The Clockwork Tide');
  await expect(page.locator('.chapter-row').nth(1)).toContainText('The gate opened on the hour, and nobody came through.');
});

test('deleting a story warns that its chapters go too', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/stories');
  await page.getByRole('button', { name: 'Delete The Clockwork Tide' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('All its chapters (2) will be deleted too.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Story deleted successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'The Clockwork Tide' })).toHaveCount(0);
});
