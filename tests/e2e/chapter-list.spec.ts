// The chapter list of a working author (docs/product.md, The chapter list and reordering): word
// counts and the filter by state, moving chapters by the keyboard (handle and Move buttons) and by
// dragging, and an old chapter address that sends readers to the chapter's new number.
import { expect, type Page, test } from '@playwright/test';
import { wordCount } from '#lib/chapter-text.ts';
import { expectNoAxeViolations, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });
// Tall enough for the whole list: a drag runs from one row to another on screen.
test.use({ viewport: { width: 1280, height: 1400 } });

const SLUG = 'the-moving-chapters';
const TITLE = 'The Moving Chapters';
const CHAPTERS = [
  { title: 'Alpha', status: 'published', content: 'One two three, said the *first* chapter.' },
  { title: 'Bravo', status: 'published', content: '**Bold** words, and a [link](https://example.com) here.\n\n---\n\nMore.' },
  { title: 'Charlie', status: 'draft', release_at: '2035-06-01T18:00:00Z', content: '# Heading\n\nFour little words here.' },
  { title: 'Delta', status: 'draft', content: '— Hello — world …' },
] as const;

/** The titles of the list's rows, top to bottom, with their numbers. */
const rows = (page: Page) => page.locator('.chapter-row');
async function listOrder(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((items) =>
    items.map((item) => `${item.querySelector('.chapter-number')?.textContent} ${item.querySelector('strong')?.textContent}`),
  );
}
/** The order as the server has it now. */
async function savedOrder(page: Page, storyId: number): Promise<string[]> {
  const { chapters } = await (await page.request.get(`/api/chapters/list?story_id=${storyId}`)).json();
  return chapters.map((chapter: { chapter_number: number; title: string }) => `${chapter.chapter_number} ${chapter.title}`);
}
const moved = (page: Page) => page.waitForResponse((res) => res.url().endsWith('/api/chapters/move') && res.ok());

let storyId = 0;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  const made = await page.request.post('/api/stories/create', { data: { title: TITLE, slug: SLUG, status: 'published' } });
  storyId = (await made.json()).story.id;
  for (const [index, chapter] of CHAPTERS.entries()) {
    const slug = chapter.title.toLowerCase();
    const res = await page.request.post('/api/chapters/create', {
      data: { story_id: storyId, chapter_number: index + 1, slug, ...chapter },
    });
    expect(res.status()).toBe(201);
  }
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  await page.request.post('/api/stories/delete', { data: { id: storyId } });
  await page.close();
});

async function openStory(page: Page) {
  await signIn(page);
  await page.goto(`/admin/stories/${storyId}`);
  await expect(page.getByRole('heading', { name: `Chapters of “${TITLE}”` })).toBeVisible();
}

test('the list shows word counts and filters by state with counts', async ({ page }) => {
  await openStory(page);
  for (const chapter of CHAPTERS) {
    await expect(rows(page).filter({ hasText: chapter.title })).toContainText(`${wordCount(chapter.content)} words`);
  }
  // Published chapters say when they were published, scheduled ones when they will be released.
  await expect(rows(page).filter({ hasText: 'Alpha' })).toContainText(/Published \w+day, \w+ \d+, \d{4}/);
  await expect(rows(page).filter({ hasText: 'Charlie' })).toContainText(/Releases \w+day, June [12], 2035/);
  const filter = page.getByRole('group', { name: 'Show chapters' });
  await expect(filter.getByRole('radio', { name: 'All (4)' })).toBeChecked();
  await filter.getByRole('radio', { name: 'Published (2)' }).check();
  expect(await listOrder(page)).toEqual(['1 Alpha', '2 Bravo']);
  await expect(page.getByText('Show all chapters to reorder them.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move (up|down) chapter/ })).toHaveCount(0);
  await filter.getByRole('radio', { name: 'Scheduled (1)' }).check();
  expect(await listOrder(page)).toEqual(['3 Charlie']);
  await filter.getByRole('radio', { name: 'Drafts (1)' }).check();
  expect(await listOrder(page)).toEqual(['4 Delta']);
  await filter.getByRole('radio', { name: 'All (4)' }).check();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Edit chapter 2' })).toHaveAttribute(
    'href',
    new RegExp(`/admin/stories/${storyId}/chapters/\\d+$`),
  );
  await expect(page.getByRole('link', { name: 'Add Chapter' })).toHaveAttribute('href', `/admin/stories/${storyId}/chapters/new`);
  await expectNoAxeViolations(page);
});

test('chapters move by the keyboard: on the drag handle, and with Move down', async ({ page }) => {
  await openStory(page);
  const handle = page.getByRole('button', { name: 'Drag chapter 1, “Alpha”' });
  await handle.focus();
  const first = moved(page);
  // Each step is announced to screen readers (and the list measures itself between them).
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Chapter “Alpha” is over place 1.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Chapter “Alpha” is over place 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Chapter “Alpha” was dropped at place 2.')).toBeAttached();
  await first;
  await expect.poll(() => listOrder(page)).toEqual(['1 Bravo', '2 Alpha', '3 Charlie', '4 Delta']);
  expect(await savedOrder(page, storyId)).toEqual(['1 Bravo', '2 Alpha', '3 Charlie', '4 Delta']);

  const second = moved(page);
  await page.getByRole('button', { name: 'Move down chapter 2' }).click();
  await second;
  await expect.poll(() => listOrder(page)).toEqual(['1 Bravo', '2 Charlie', '3 Alpha', '4 Delta']);
  // The moved chapter's button keeps the focus, and screen readers hear where it went.
  await expect(page.getByRole('button', { name: 'Move down chapter 3' })).toBeFocused();
  await expect(page.locator('[aria-live="polite"]', { hasText: 'Chapter “Alpha” moved to number 3.' })).toHaveCount(1);
  expect(await savedOrder(page, storyId)).toEqual(['1 Bravo', '2 Charlie', '3 Alpha', '4 Delta']);
});

test('a chapter moves by dragging its handle', async ({ page }) => {
  await openStory(page);
  const from = await page.getByRole('button', { name: 'Drag chapter 4, “Delta”' }).boundingBox();
  const to = await page.getByRole('button', { name: 'Drag chapter 1, “Bravo”' }).boundingBox();
  const done = moved(page);
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  // A first small move starts the drag; the list measures itself before the rest of the way.
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2 - 5);
  await expect(page.getByRole('button', { name: 'Drag chapter 4, “Delta”' })).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 20 });
  await expect(page.getByText('Chapter “Delta” is over place 1.')).toBeAttached();
  await page.mouse.up();
  await done;
  await expect.poll(() => listOrder(page)).toEqual(['1 Delta', '2 Bravo', '3 Charlie', '4 Alpha']);
  expect(await savedOrder(page, storyId)).toEqual(['1 Delta', '2 Bravo', '3 Charlie', '4 Alpha']);
});

test('an old chapter address leads to the chapter at its new number', async ({ page }) => {
  test.setTimeout(90_000); // waits for the site to republish
  // Published in the background: Alpha, moved from 1 to 4, is on its new page.
  await expect(async () => {
    await page.goto(`/storytime/story/${SLUG}/chapter/4/`);
    await expect(page.getByRole('heading', { name: 'Alpha', level: 1 })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  // Number 3 was Alpha's; now a scheduled chapter (not public) has it, so the old address sends readers on.
  await page.goto(`/storytime/story/${SLUG}/chapter/3/`);
  await expect(page).toHaveURL(new RegExp(`/storytime/story/${SLUG}/chapter/4/$`));
  await expect(page.getByRole('heading', { name: 'Alpha', level: 1 })).toBeVisible();
  // Number 1 was Bravo's and is a draft's now: it leads to Bravo at 2.
  await page.goto(`/storytime/story/${SLUG}/chapter/1/`);
  await expect(page).toHaveURL(new RegExp(`/storytime/story/${SLUG}/chapter/2/$`));
  await expect(page.getByRole('heading', { name: 'Bravo', level: 1 })).toBeVisible();

  // The page in between: a link for people, noindex and the canonical address for search engines.
  const old = await page.request.get(`/storytime/story/${SLUG}/chapter/3/`);
  const html = await old.text();
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/storytime/story/${SLUG}/chapter/4/">`));
  expect(html).toMatch(new RegExp(`<a href="/storytime/story/${SLUG}/chapter/4/"[^>]*>Alpha</a>`));
});
