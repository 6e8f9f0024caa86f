// Nothing typed in the admin is thrown away without asking, and text from word processors comes
// in clean (docs/product.md, "Importing and pasting"): a dialog with typed text asks before Escape,
// × or Cancel closes it; Word and Google Docs clipboard HTML pastes into the editor as Markdown;
// a Word document with three chapters imports as three chapters.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chapterText, openChapterEditor, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const clipboard = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/clipboard', name), 'utf8');

/** Pastes as a word processor puts its text on the clipboard: HTML beside plain text. Returns the handler's time in ms. */
async function paste(page: Page, html: string): Promise<number> {
  await chapterText(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  return chapterText(page).evaluate((content, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'the plain text');
    const start = performance.now();
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    return performance.now() - start;
  }, html);
}

/**
 * The text's first line. The editor draws only the lines on screen, and after a long paste it may
 * already have scrolled to the end (the cursor's place): back to the top first.
 */
async function firstLine(page: Page) {
  await page.keyboard.press('ControlOrMeta+Home');
  return chapterText(page).locator('.cm-line').first();
}

let storyId = 0;

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

test('Word and Google Docs pastes become clean Markdown in the editor; large pastes stay within budget', async ({ page }) => {
  await signIn(page);
  const created = await page.request.post('/api/stories/create', {
    headers: { origin: new URL(page.url()).origin },
    data: { title: 'Pasted Pages', slug: 'pasted-pages', description: 'Text from word processors.', status: 'draft' },
  });
  storyId = (await created.json()).story.id;
  await openChapterEditor(page, storyId, 'new');

  await paste(page, clipboard('word-desktop-ordered-list.html'));
  await expect(chapterText(page).locator('.cm-line')).toHaveText([
    '1. This',
    '2. Is',
    '3. A',
    '4. One',
    '5. Level',
    '6. Ordered',
    '7. List',
  ]);

  await paste(page, clipboard('google-docs-headings-and-paragraphs.html'));
  await expect(chapterText(page).locator('.cm-line').first()).toHaveText('This is a test of headings and paragraphs.');
  await expect(chapterText(page)).toContainText('# Heading 1');
  await expect(chapterText(page)).toContainText('## Heading 2');
  await expect(chapterText(page)).not.toContainText('docs-internal-guid');

  const lines = Array.from({ length: 10_000 }, (_, i) => `Line ${i}<br>`).join('\n');
  const linesMs = await paste(page, lines);
  await expect(await firstLine(page)).toHaveText('Line 0');
  const paragraph = '<p class=MsoNormal><span style="font-family:Calibri">She walked on, <i>slowly</i>, into the dark.</span></p>';
  const bigMs = await paste(page, paragraph.repeat(Math.ceil((2 * 1024 * 1024) / paragraph.length)));
  console.info(`Paste into the editor: 10,000 lines ${linesMs.toFixed(0)} ms, 2 MB of Word paragraphs ${bigMs.toFixed(0)} ms`);
  expect(linesMs).toBeLessThan(1000);
  expect(bigMs).toBeLessThan(10_000); // about 1 s on an idle machine (turndown walks ~50,000 elements); never a hang
  await expect(await firstLine(page)).toHaveText('She walked on, *slowly*, into the dark.');
});

test('import a Word document with three chapters, split at its headings', async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/stories/${storyId}/chapters/new`);
  await page.getByLabel('Import .docx').setInputFiles(path.resolve('tests/fixtures/docx/three-chapters.docx'));
  const dialog = page.getByRole('dialog', { name: 'Import “three-chapters.docx”' });
  await expect(dialog.getByRole('checkbox', { name: /Split at chapter headings/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toContainText('3 chapters imported as drafts: 1. Arrival, 2. The Gate, 3. The Return');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const list = await (await page.request.get(`/api/chapters/list?story_id=${storyId}`)).json();
  expect(list.chapters.map((chapter: { title: string }) => chapter.title)).toEqual(['Arrival', 'The Gate', 'The Return']);
});
