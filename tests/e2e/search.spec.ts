// Search across the stories (docs/product.md, Search across the stories): the index is written at
// publish time in parts (The search index in parts), loads only when the reader opens the search,
// finds a phrase deep in a long story and the result lands on it; hostile queries change nothing.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const SLUG = 'search-the-long-voyage';
const ADULT_SLUG = 'search-velvet-archive';
const ADULT_WORDS = 'crimson orchid ledger';
const STORY = `/storytime/story/${SLUG}/`;
const PHRASE = 'violet heron sang above the quiet mast';
const FILLER = 'The ship sailed on through the grey water, day after day, and nobody aboard spoke of the storm.';

async function deleteStories(request: APIRequestContext) {
  for (const slug of [SLUG, ADULT_SLUG]) {
    const left = (await (await request.get(`/api/stories/list?slug=${slug}`)).json()).stories?.[0];
    if (left) expect((await request.post('/api/stories/delete', { data: { id: left.id } })).ok()).toBe(true);
  }
}

async function createStory(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const created = await request.post('/api/stories/create', { data: { status: 'published', ...data } });
  expect(created.status()).toBe(201);
  return (await created.json()).story.id;
}

async function createChapter(request: APIRequestContext, story_id: number, n: number, content: string) {
  const chapter = await request.post('/api/chapters/create', {
    data: { story_id, title: `Leg ${n}`, slug: `leg-${n}`, chapter_number: n, content, status: 'published' },
  });
  expect(chapter.ok()).toBe(true);
}

test('the author publishes a story of 40 chapters and an adult story', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await deleteStories(page.request);
  const story = await createStory(page.request, { slug: SLUG, title: 'The Long Voyage', description: 'A long story to search.' });
  for (let n = 1; n <= 40; n++) {
    // Chapter 37 holds the phrase after a long run of text, so landing on it needs a jump.
    await createChapter(
      page.request,
      story,
      n,
      `${Array.from({ length: 60 }, () => FILLER).join('\n\n')}${n === 37 ? `\n\nAt dawn a ${PHRASE}.` : ''}`,
    );
  }
  const adult = await createStory(page.request, { slug: ADULT_SLUG, title: 'The Velvet Archive', target_audience: 'Adults only' });
  await createChapter(page.request, adult, 1, `The ${ADULT_WORDS} lay open on the desk.`);
  for (const path of [`${STORY}chapter/40/`, `/storytime/story/${ADULT_SLUG}/chapter/1/`]) {
    await expect.poll(async () => (await page.request.get(path, { maxRedirects: 0 })).status(), { timeout: 150_000 }).toBe(200);
  }
});

test('the reader searches a phrase from the chapter header and lands on it in chapter 37', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  const indexRequests: string[] = [];
  page.on('request', (request) => /\/pagefind/.test(request.url()) && indexRequests.push(request.url()));
  await page.goto(`${STORY}chapter/1/`);
  await page.waitForLoadState('networkidle');
  expect(indexRequests).toEqual([]);

  await page.getByRole('button', { name: 'Search the stories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the stories' });
  await dialog.getByRole('searchbox').fill(`"${PHRASE}"`);
  const result = dialog.getByRole('link', { name: /The Long Voyage.*Chapter 37: Leg 37/ });
  await expect(result).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.locator('mark').first()).toHaveText('violet');
  await expectNoAxeViolations(page);

  await result.click();
  await expect(page).toHaveURL(new RegExp(`${STORY}chapter/37/`));
  await expect(page.getByText(PHRASE)).toBeInViewport();
  // Pagefind's script once, the listing, and the parts it names (never the adult ones).
  const paths = indexRequests.map((url) => new URL(url).pathname);
  expect(paths).toEqual(expect.arrayContaining(['/pagefind/pagefind.js', '/pagefind/parts.json']));
  expect(paths.some((path) => path.startsWith('/pagefind/parts/'))).toBe(true);
  expect(paths.filter((path) => path.startsWith('/pagefind-adult/'))).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // Highlighted by the page itself where the browser did not follow the text fragment.
  expect(await page.evaluate(() => CSS.highlights.get('search-match')?.size)).toBe(1);
  expect(errors).toEqual([]);
});

test('the story list box takes a 10,000-character query and regular-expression characters', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto('/storytime/');
  const box = page.getByRole('search');
  await box.getByRole('searchbox', { name: 'Search the stories' }).fill('x'.repeat(10_000));
  await box.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the stories' });
  await expect(dialog.getByRole('status')).toHaveText('No chapter has these words.');
  const input = dialog.getByRole('searchbox');
  await input.fill('x'.repeat(10_000));
  await expect(dialog.getByRole('status')).toHaveText('No chapter has these words.');
  for (const query of ['.*[(?+\\', '^heron$|(a+)+', '"unclosed', '<img src=x onerror=alert(1)>']) {
    await input.fill(query);
    await expect(dialog.getByRole('status')).not.toHaveText('Searching…');
    await expect(dialog.getByRole('status')).not.toContainText('not available');
  }
  await input.fill('heron');
  await expect(dialog.getByRole('link', { name: /Chapter 37: Leg 37/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('the search shows from the first paint with JavaScript and not at all without it', async ({ page, browser }) => {
  // Shown by the page's first script, not later: a box that appears after the paint moves the stories down.
  await page.route('**/_astro/**', (route) => route.abort());
  await page.goto('/storytime/');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search the stories' })).toBeVisible();
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/storytime/');
  await expect(plain.getByRole('heading', { name: 'My Stories' })).toBeVisible();
  await expect(plain.getByRole('search')).toBeHidden();
  await expect(plain.getByRole('button', { name: 'Search the stories' })).toBeHidden();
  await noScript.close();
});

test('an adult story is searched only once the device confirmed 18+', async ({ page }) => {
  const adultIndex: string[] = [];
  page.on('request', (request) => request.url().includes('/pagefind-adult/') && adultIndex.push(request.url()));
  const search = async () => {
    await page.goto('/storytime/');
    await page.getByRole('searchbox', { name: 'Search the stories' }).fill(`"${ADULT_WORDS}"`);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    return page.getByRole('dialog', { name: 'Search the stories' });
  };
  await expect((await search()).getByRole('status')).toHaveText('No chapter has these words.');
  expect(adultIndex).toEqual([]);

  await page.evaluate(() => localStorage.setItem('gallery-adult-confirmed', 'yes'));
  await expect((await search()).getByRole('link', { name: /The Velvet Archive.*Chapter 1: Leg 1/ })).toBeVisible();
  expect(adultIndex.map((url) => new URL(url).pathname)).toEqual(expect.arrayContaining(['/pagefind-adult/parts.json']));
});

test.afterAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page);
  await deleteStories(page.request);
  await page.close();
});
