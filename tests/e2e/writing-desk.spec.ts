// The full-page chapter editor (docs/product.md, The writing desk): opened from its address,
// written in with the shortcuts, previewed by the public renderer, saved and found again; two tabs
// that save the same chapter meet the conflict view (each of its three ways); leaving with unsaved
// text asks; a phone gets tabs; axe finds nothing in either theme.
import { expect, type Page, test } from '@playwright/test';
import {
  chapterText,
  expectNoAxeViolations,
  openChapterEditor,
  saveChapter,
  signIn,
  typeChapterText,
  watchConsoleErrors,
} from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const STORY = { title: 'The Writing Desk', slug: 'the-writing-desk' };
let storyId = 0;
let chapterId = 0;

const preview = (page: Page) => page.getByTestId('chapter-preview');

test('write a new chapter with the shortcuts, see the preview, save it and find it again', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await signIn(page);
  const created = await page.request.post('/api/stories/create', {
    headers: { origin: new URL(page.url()).origin },
    data: { title: STORY.title, slug: STORY.slug, description: 'Chapters written in the editor.', status: 'draft' },
  });
  // A retry meets the story its first try made.
  expect(created.ok() || created.status() === 409).toBe(true);
  const story = created.ok()
    ? (await created.json()).story
    : (await (await page.request.get(`/api/stories/list?slug=${STORY.slug}`)).json()).stories[0];
  storyId = story.id;

  await openChapterEditor(page, storyId, 'new');
  await expect(page.getByRole('heading', { name: 'New chapter', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await page.getByLabel('Title').fill('The Gate');
  await expect(page.getByLabel('Slug')).toHaveValue('the-gate');
  await chapterText(page).click();
  await page.keyboard.type('It was ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('red');
  await page.keyboard.press('End');
  await page.keyboard.type('.');
  await page.keyboard.press('ControlOrMeta+Shift+Enter');
  await expect(chapterText(page).locator('.cm-line').nth(2)).toHaveText('---');
  await page.keyboard.type('Then the sea.');
  await expect(chapterText(page).locator('.cm-line')).toHaveText(['It was **red**.', '', '---', '', 'Then the sea.']);
  await expect(preview(page).locator('strong')).toHaveText('red');
  await expect(preview(page).locator('.page-break img')).toHaveAttribute('src', /page-break|pagebreaks/);
  await expect(page.getByText('6 words · about 1 min read')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await saveChapter(page);
  await expect(page).toHaveURL(new RegExp(`/admin/stories/${storyId}/chapters/\\d+$`));
  chapterId = Number(page.url().split('/').pop());
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', `/storytime/preview/?chapter=${chapterId}`);
  // Saved, the chapter has its address: the slug no longer follows the title.
  await page.getByLabel('Title').fill('The Gate Opens');
  await expect(page.getByLabel('Slug')).toHaveValue('the-gate');
  await page.getByLabel('Title').fill('The Gate');
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.reload();
  await expect(chapterText(page)).toContainText('Then the sea.');
  await expect(page.getByLabel('Title')).toHaveValue('The Gate');
  await expect(page.getByRole('heading', { name: 'Edit “The Gate”' })).toBeVisible();
  // The editor's own styles pass the Content-Security-Policy (its theme pads the text by 1rem).
  await expect(chapterText(page)).toHaveCSS('padding-top', '16px');
  expect(errors).toEqual([]);
});

test('a .md file fills the text and, for an untitled chapter, the title', async ({ page }) => {
  await signIn(page);
  await openChapterEditor(page, storyId, 'new');
  await page.getByLabel('Open a .md file').setInputFiles({
    name: 'harbour.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# The Harbour\n\nBoats, and more boats.\n'),
  });
  await expect(page.getByLabel('Title')).toHaveValue('The Harbour');
  await expect(chapterText(page)).toHaveText('Boats, and more boats.');
});

test('two tabs: the second save meets the conflict view, and each way keeps the text', async ({ page, context }) => {
  await signIn(page);
  const other = await context.newPage();
  await openChapterEditor(page, storyId, chapterId);
  await openChapterEditor(other, storyId, chapterId);

  // Keep mine: the second tab's text wins, knowingly.
  await typeChapterText(other, 'The other tab wrote this.');
  await saveChapter(other);
  await expect(other.getByText('All changes saved')).toBeVisible();
  await typeChapterText(page, 'This tab wrote this.');
  await saveChapter(page);
  const conflict = page.getByRole('region', { name: 'This chapter was changed elsewhere' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('region', { name: 'Your version' })).toHaveText('This tab wrote this.');
  await expect(conflict.getByRole('region', { name: 'The other version' })).toHaveText('The other tab wrote this.');
  await expect(conflict.locator('mark').first()).toBeVisible();
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await other.reload();
  await expect(chapterText(other)).toHaveText('This tab wrote this.');

  // Take theirs, then bring mine back: nothing typed is lost.
  await typeChapterText(other, 'Second, from the other tab.');
  await saveChapter(other);
  await expect(other.getByText('All changes saved')).toBeVisible();
  await typeChapterText(page, 'Second, from this tab.');
  await saveChapter(page);
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(chapterText(page)).toHaveText('Second, from the other tab.');
  await page.getByRole('button', { name: 'Bring my version back' }).click();
  await expect(chapterText(page)).toHaveText('Second, from this tab.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await saveChapter(page);
  await expect(page.getByText('All changes saved')).toBeVisible();

  // Merge by hand: the other version beside the author's, then one save.
  await other.reload();
  await typeChapterText(other, 'Third: the other half.');
  await saveChapter(other);
  await expect(other.getByText('All changes saved')).toBeVisible();
  await typeChapterText(page, 'Third: this half.');
  await saveChapter(page);
  await conflict.getByRole('button', { name: 'Merge by hand' }).click();
  await expect(page.getByRole('region', { name: 'The other version' })).toHaveText('Third: the other half.');
  await expect(chapterText(page)).toHaveText('Third: this half.');
  await chapterText(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' And the other half.');
  await saveChapter(page);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await other.reload();
  await expect(chapterText(other)).toHaveText('Third: this half. And the other half.');
});

test('leaving with unsaved text asks: links, the back button and closing the tab', async ({ page }) => {
  await signIn(page);
  // Into the editor inside the app (as its links do), so that back stays in the app too.
  await page.evaluate((address) => history.pushState(null, '', address), `/admin/stories/${storyId}/chapters/${chapterId}`);
  await expect(chapterText(page)).toBeVisible();
  await typeChapterText(page, 'Words not saved yet.');

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(ask).toContainText('unsaved changes');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(chapterText(page)).toHaveText('Words not saved yet.');

  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/chapters/${chapterId}$`));
  await expect(chapterText(page)).toHaveText('Words not saved yet.');

  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test('leaving asks once, and saved text leaves without a question', async ({ page }) => {
  await signIn(page);
  await openChapterEditor(page, storyId, chapterId);
  await typeChapterText(page, 'Leave me.');
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  await openChapterEditor(page, storyId, chapterId);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
});

test('on a phone the editor and the preview are tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await openChapterEditor(page, storyId, chapterId);
  const tabs = page.getByRole('tablist', { name: 'Write or preview' });
  await expect(tabs.getByRole('tab', { name: 'Write' })).toHaveAttribute('aria-selected', 'true');
  await expect(preview(page)).toBeHidden();
  await tabs.getByRole('tab', { name: 'Write' }).press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Preview' })).toBeFocused();
  await expect(preview(page)).toBeVisible();
  await expect(chapterText(page)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe-core finds nothing on the editor in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page);
    await openChapterEditor(page, storyId, chapterId);
    await expect(preview(page)).not.toBeEmpty();
    await expectNoAxeViolations(page);
  });
}
